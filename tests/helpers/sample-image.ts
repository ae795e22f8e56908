import sharp from 'sharp'

// A small real picture (a 64 × 48 PNG of one colour): what the server reads the same way as a
// phone's photo, only faster.
export const samplePng: Buffer = await sharp({
  create: { width: 64, height: 48, channels: 3, background: '#4a7c3a' },
})
  .png()
  .toBuffer()

/**
 * A photo as a phone's camera takes it: a JPEG of the size given, its pixels noise (which, like a
 * real photo of a plot, does not compress away). 4,000 × 3,000 at quality 95 is a few MB, as a
 * camera writes it; 1,600 × 1,200 at quality 62 about 300 kB, as the phone sends it.
 */
export const cameraPhoto = (width: number, height: number, quality: number): Promise<Buffer> =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120, sigma: 24 },
    },
  })
    .jpeg({ quality })
    .toBuffer()
