import type { FastifyRequest } from 'fastify'
import { landMessages } from '#shared/schemas/land-documents'
import { AppError, badRequest } from '../../../errors.ts'
import type { Upload } from '../../../services/land-documents.ts'

const TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE'

// Reads the whole form: text fields in any order and at most one file, held in memory (20 MB
// at most, by the limits given to @fastify/multipart). A file over the limit is read to its end
// and dropped, so the client gets our answer instead of a broken connection.
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { fields: {}, tooLarge: false }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        upload.fields[part.fieldname] = String(part.value)
      } else {
        const bytes = await part.toBuffer()
        upload.file = { bytes, fileName: part.filename }
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === TOO_LARGE) return { ...upload, tooLarge: true }
    if (code === 'FST_FILES_LIMIT') throw badRequest(landMessages.oneFileOnly)
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(415, 'Send the form as multipart/form-data.')
    }
    request.log.warn({ err: error }, 'unreadable upload')
    throw badRequest(landMessages.unreadableUpload)
  }
  return upload
}
