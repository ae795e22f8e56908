import { documentPdf } from '../../scripts/seed/pdf.ts'

// A small, valid one-page PDF titled `text` (made as the demo's are), so that a real PDF
// viewer (Chromium's) opens it as well as the server's magic-byte check accepting it.
export function samplePdf(text = 'Land document'): Buffer {
  return Buffer.from(documentPdf(text, [], new Date('2024-01-01T00:00:00Z')))
}

export interface UploadFile {
  bytes: Uint8Array
  name: string
  type?: string
}

/**
 * A multipart/form-data body built by the platform's own FormData, as a browser would send it:
 * the fields, then each file under `fileField`.
 */
export async function multipartBody(
  fields: Record<string, string>,
  file?: UploadFile | readonly UploadFile[],
  fileField = 'file',
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const one of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
    const { bytes, name, type } = one as UploadFile
    form.append(
      fileField,
      new Blob([new Uint8Array(bytes)], { type: type ?? 'application/pdf' }),
      name,
    )
  }
  const encoded = new Response(form)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  }
}
