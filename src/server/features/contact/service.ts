import type { FastifyBaseLogger } from 'fastify'
import type { Contact } from '#shared/schemas/contact'
import type { Db } from '#server/core/db/database'
import type { EmailTransport } from '#server/core/email/transport'

const MAX_ATTEMPTS = 20

// An enquiry is stored first and emailed second: if sending fails it stays, marked unsent, and
// the retry loop tries again later. Nothing a member of the public wrote is lost.
export async function storeEnquiry(db: Db, enquiry: Contact): Promise<number> {
  const row = await db.kysely
    .insertInto('enquiries')
    .values({ ...enquiry, createdAt: new Date().toISOString(), attempts: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function deliverEnquiry(db: Db, transport: EmailTransport, id: number) {
  const enquiry = await db.kysely
    .selectFrom('enquiries')
    .selectAll()
    .where('id', '=', id)
    .where('sentAt', 'is', null)
    .executeTakeFirst()
  if (!enquiry) return true
  try {
    await transport.send(enquiry, String(id))
    await db.kysely
      .updateTable('enquiries')
      .set({
        sentAt: new Date().toISOString(),
        deliveredTo: transport.kind,
        attempts: enquiry.attempts + 1,
        lastError: null,
      })
      .where('id', '=', id)
      .execute()
    return true
  } catch (error) {
    await db.kysely
      .updateTable('enquiries')
      .set({ attempts: enquiry.attempts + 1, lastError: (error as Error).message.slice(0, 500) })
      .where('id', '=', id)
      .execute()
    return false
  }
}

export async function retryUnsent(db: Db, transport: EmailTransport, log: FastifyBaseLogger) {
  const unsent = await db.kysely
    .selectFrom('enquiries')
    .select('id')
    .where('sentAt', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .orderBy('id')
    .limit(50)
    .execute()
  for (const { id } of unsent) {
    if (!(await deliverEnquiry(db, transport, id))) {
      log.warn({ enquiry: id }, 'enquiry still unsent; will retry')
      return
    }
  }
}

export async function listEnquiries(db: Db) {
  const rows = await db.kysely
    .selectFrom('enquiries')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(500)
    .execute()
  return rows.map((row) => ({ ...row, sent: row.sentAt !== null }))
}
