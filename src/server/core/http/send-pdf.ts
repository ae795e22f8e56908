import type { FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'

/** A file as the answer: downloaded under its name, or shown in the browser ('inline'). */
export function sendFile(
  reply: FastifyReply,
  type: string,
  fileName: string,
  body: Buffer | Uint8Array | Readable,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  // The name is the server's own, but may hold a person's id: nothing that could end the header.
  const safeName = fileName.replace(/[^\w.-]+/g, '-')
  return reply
    .type(type)
    .header('content-disposition', `${disposition}; filename="${safeName}"`)
    .send(body)
}

/** A PDF as the answer: downloaded under its name, or shown in the browser ('inline'). */
export const sendPdf = (
  reply: FastifyReply,
  fileName: string,
  body: Buffer | Readable,
  disposition: 'attachment' | 'inline' = 'attachment',
) => sendFile(reply, 'application/pdf', fileName, body, disposition)
