import type { FastifyRequest } from 'fastify'
import { serverMessages } from '#shared/messages/server'
import { AppError, badRequest } from '#server/core/errors'

export interface UploadedFile {
  bytes: Buffer
  fileName: string
}

export interface Upload {
  /** The text fields of the form, unchecked. */
  fields: Record<string, string>
  /** Every file of the form, in the order sent (a route that takes several: a plot's photos). */
  files: UploadedFile[]
  /** The first of them: the file of a route that takes one. */
  file?: UploadedFile
  /** The file went over the limit given to @fastify/multipart; its bytes were dropped. */
  tooLarge: boolean
}

const TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE'

// The stored name is for the record only (never a path, never a header): keep what follows the
// last slash of either kind, as browsers send it.
const baseName = (fileName: string) => fileName.split(/[/\\]/).pop()?.slice(0, 200) ?? ''

// Reads the whole form of an upload route: text fields in any order and the files, held in memory
// (no more than the limits the feature gave @fastify/multipart). `oneFileOnly` is the feature's
// own refusal of a file beyond its limit of files. A file over the limit is read to its end
// and dropped, so the client gets our answer instead of a broken connection. The global NUL
// check (core/http/security.ts) cannot see multipart bodies, so it is made here.
export async function readUpload(request: FastifyRequest, oneFileOnly: string): Promise<Upload> {
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  const read = (tooLarge: boolean): Upload => ({ fields, files, file: files[0], tooLarge })
  let refusal: AppError | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = part.value
        if (typeof value !== 'string' || part.valueTruncated || part.fieldnameTruncated) {
          refusal ??= badRequest(serverMessages.unreadableUpload)
        } else if (value.includes('\u0000') || part.fieldname.includes('\u0000')) {
          refusal ??= badRequest(serverMessages.nulRefused)
        } else {
          fields[part.fieldname] = value
        }
      } else {
        const bytes = await part.toBuffer()
        if (part.filename.includes('\u0000')) refusal ??= badRequest(serverMessages.nulRefused)
        files.push({ bytes, fileName: baseName(part.filename) })
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === TOO_LARGE) return read(true)
    if (code === 'FST_FILES_LIMIT') throw badRequest(oneFileOnly)
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(415, serverMessages.multipartRequired)
    }
    request.log.warn({ err: error }, 'unreadable upload')
    throw badRequest(serverMessages.unreadableUpload)
  }
  if (refusal) throw refusal
  return read(false)
}
