import sharp from 'sharp'
import { AppError } from '#server/core/errors'

// Every uploaded picture is kept at the largest size a page shows it, re-encoded by us (WebP, or
// JPEG where speed and PDFs matter more than bytes): a phone's 6 MB photo becomes a few hundred
// kB, whatever else its file held (a script in a comment, a location in its metadata) is not
// kept, and only a picture sharp can decode is.

// Each upload is a new picture: libvips's cache of recent operations would only hold memory.
sharp.cache(false)

export interface ImageBounds {
  width: number
  height: number
  quality: number
  /** What it is kept as: WebP (the site's pictures), or JPEG, ten times faster to write. */
  as: 'webp' | 'jpeg'
  /** The formats the feature takes, as sharp names them ('jpeg', 'png', 'webp', 'gif'). */
  formats: ReadonlySet<string>
  /** The feature's refusals: not a picture it takes, and a picture too vast to decode. */
  notAnImage: string
  tooManyPixels: string
}

// A decompression bomb (a small file of a vast image) is refused before it is decoded.
const MAX_PIXELS = 40_000_000

export interface ResizedImage {
  bytes: Buffer
  width: number
  height: number
  contentType: 'image/webp' | 'image/jpeg'
}

// sharp says why it cannot read a picture only in its message. SVG is never among the formats:
// sharp would draw it with librsvg, references and all.
const refusal = (error: unknown, bounds: ImageBounds) =>
  error instanceof Error && /pixel limit/i.test(error.message)
    ? new AppError(413, bounds.tooManyPixels)
    : new AppError(415, bounds.notAnImage)

export async function resizeImage(input: Buffer, bounds: ImageBounds): Promise<ResizedImage> {
  const { width, height, quality, as } = bounds
  try {
    // Inside the try: sharp throws at once on an empty file, which is no picture either.
    const source = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    const { format } = await source.metadata()
    if (!bounds.formats.has(format)) throw new AppError(415, bounds.notAnImage)
    const { data, info } = await source
      .rotate()
      .resize({ width, height, fit: 'inside', withoutEnlargement: true })
      .toFormat(as, { quality })
      .toBuffer({ resolveWithObject: true })
    const contentType = as === 'webp' ? 'image/webp' : 'image/jpeg'
    return { bytes: data, width: info.width, height: info.height, contentType }
  } catch (error) {
    throw error instanceof AppError ? error : refusal(error, bounds)
  }
}
