import { documentPdf } from '../../scripts/seed/pdf.ts'

// A small, valid one-page PDF titled `text` (made as the demo's are), so that a real PDF
// viewer (Chromium's) opens it as well as the server's magic-byte check accepting it.
export function samplePdf(text = 'Land document'): Buffer {
  return Buffer.from(documentPdf(text, [], new Date('2024-01-01T00:00:00Z')))
}

/** A multipart/form-data body built by the platform's own FormData, as a browser would send it. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type?: string },
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file) {
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }),
      file.name,
    )
  }
  const encoded = new Response(form)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  }
}
