import { z } from 'zod'
import type { Contact } from '#shared/schemas/contact'
import type { Db } from '#server/core/db/database'
import type { WriteTx } from '#server/core/db/write-transaction'
import type { EmailTransport } from '#server/core/email/transport'
import { doubling, type JobKind } from '#server/core/jobs/runner'

// An enquiry is stored first and emailed second, by a job stored with it: if sending fails the
// enquiry stays, marked unsent, and the job tries again later on whichever instance claims it.
// Nothing a member of the public wrote is lost, and no instance sends it twice.
export function storeEnquiry(tx: WriteTx, enquiry: Contact): Promise<{ id: number }> {
  return tx
    .insertInto('enquiries')
    .values({ ...enquiry, createdAt: new Date().toISOString(), attempts: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** Sends one enquiry unless it has gone already; records the attempt, and throws if it failed. */
export async function deliverEnquiry(db: Db, transport: EmailTransport, id: number) {
  const enquiry = await db.kysely
    .selectFrom('enquiries')
    .selectAll()
    .where('id', '=', id)
    .where('sentAt', 'is', null)
    .executeTakeFirst()
  if (!enquiry) return
  const attempt = db.kysely.updateTable('enquiries').where('id', '=', id)
  try {
    await transport.send(enquiry, String(id))
  } catch (error) {
    const lastError = (error as Error).message.slice(0, 500)
    await attempt.set({ attempts: enquiry.attempts + 1, lastError }).execute()
    throw error
  }
  await attempt
    .set({
      sentAt: new Date().toISOString(),
      deliveredTo: transport.kind,
      attempts: enquiry.attempts + 1,
      lastError: null,
    })
    .execute()
}

/** Twenty attempts, from a minute apart (EMAIL_RETRY_SECONDS) doubling to an hour: about a day. */
export function deliverEnquiryJob(
  db: Db,
  transport: EmailTransport,
  retrySeconds: number,
): JobKind<{ enquiryId: number }> {
  return {
    kind: 'deliver-enquiry',
    payload: z.object({ enquiryId: z.number().int() }),
    maxAttempts: 20,
    backOffMs: doubling(retrySeconds * 1000, Math.max(retrySeconds * 1000, 3_600_000)),
    run: ({ enquiryId }) => deliverEnquiry(db, transport, enquiryId),
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
