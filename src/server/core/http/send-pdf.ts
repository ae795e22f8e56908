import type { FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'

/** A PDF as the answer: downloaded under its name, or shown in the browser ('inline'). */
export function sendPdf(
  reply: FastifyReply,
  fileName: string,
  body: Buffer | Readable,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .send(body)
}
