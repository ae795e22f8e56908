import type { Contact } from '#shared/schemas/contact'
import type { EnquiriesTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The contact feature's own table: enquiries from the public, each kept until it has gone.

export function insertEnquiry(
  tx: WriteTx,
  enquiry: Contact,
  createdAt: string,
): Promise<{ id: number }> {
  return tx
    .insertInto('enquiries')
    .values({ ...enquiry, createdAt, attempts: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** The enquiry, unless it has been sent already. */
export function unsentEnquiry(tx: ReadTx, id: number) {
  return tx
    .selectFrom('enquiries')
    .selectAll()
    .where('id', '=', id)
    .where('sentAt', 'is', null)
    .executeTakeFirst()
}

/** Records an attempt to send the enquiry: how it went, and how many there have been. */
export async function recordAttempt(
  tx: WriteTx,
  id: number,
  attempt: Pick<EnquiriesTable, 'attempts' | 'lastError'> &
    Partial<Pick<EnquiriesTable, 'sentAt' | 'deliveredTo'>>,
): Promise<void> {
  await tx.updateTable('enquiries').set(attempt).where('id', '=', id).execute()
}

/** The latest enquiries, newest first. */
export function latestEnquiries(tx: ReadTx, limit: number) {
  return tx.selectFrom('enquiries').selectAll().orderBy('id', 'desc').limit(limit).execute()
}
