import sharp from 'sharp'
import { settingsMessages } from '#shared/messages/settings'
import type { SiteImageName } from '#shared/schemas/site-images'
import { AppError } from '#server/core/errors'

// Each picture is kept at the largest size a page shows it (twice over for sharp screens), as
// WebP: a phone's 6 MB photo becomes a few hundred kB, and the header's logo a few kB.
const BOUNDS: Record<SiteImageName, { width: number; height: number; quality: number }> = {
  logo: { width: 480, height: 160, quality: 90 },
  homePhoto: { width: 1600, height: 1200, quality: 80 },
}

// SVG is left out on purpose: sharp would draw it with librsvg, references and all.
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif'])

// A decompression bomb (a small file of a vast image) is refused before it is decoded.
const MAX_PIXELS = 40_000_000

export interface ResizedImage {
  bytes: Buffer
  width: number
  height: number
}

// sharp says why it cannot read a picture only in its message.
const refusal = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message)
    ? new AppError(413, settingsMessages.imageTooManyPixels)
    : new AppError(415, settingsMessages.notAnImage)

export async function resizeImage(name: SiteImageName, input: Buffer): Promise<ResizedImage> {
  const { width, height, quality } = BOUNDS[name]
  const source = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
  try {
    const { format } = await source.metadata()
    if (!READABLE.has(format)) throw new AppError(415, settingsMessages.notAnImage)
    const { data, info } = await source
      .rotate()
      .resize({ width, height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true })
    return { bytes: data, width: info.width, height: info.height }
  } catch (error) {
    throw error instanceof AppError ? error : refusal(error)
  }
}
