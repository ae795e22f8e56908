import sharp from 'sharp'

// A small real picture (a 64 × 48 PNG of one colour): what the server reads the same way as a
// phone's photo, only faster.
export const samplePng: Buffer = await sharp({
  create: { width: 64, height: 48, channels: 3, background: '#4a7c3a' },
})
  .png()
  .toBuffer()
