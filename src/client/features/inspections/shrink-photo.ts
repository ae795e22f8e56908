// A phone's photo (often 4,000 px and several MB) is made smaller on the phone before it is kept
// and sent: at most 1,600 px on its longer side and about 400 kB, as JPEG. The server checks and
// re-encodes it again; this only spares the phone's storage and a weak signal.
const LONGEST_SIDE = 1600
const MOST_BYTES = 400_000
const QUALITIES = [0.82, 0.7, 0.58, 0.46]

const jpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))

/** The photo made smaller, or undefined when the browser cannot read it as a picture. */
export async function shrinkPhoto(file: Blob): Promise<Blob | undefined> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return undefined
  }
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(bitmap.width * scale))
  canvas.height = Math.max(1, Math.round(bitmap.height * scale))
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  let smallest: Blob | undefined
  for (const quality of QUALITIES) {
    const blob = await jpeg(canvas, quality)
    if (!blob) return undefined
    smallest = blob
    if (blob.size <= MOST_BYTES) break
  }
  return smallest
}
