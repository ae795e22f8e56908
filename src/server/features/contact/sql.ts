import type { Contact } from '#shared/schemas/contact'
import type { EnquiriesTable } from '#server/core/db/schema'
import type { Ageing } from '#server/core/db/age-out'
import { scrubText } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { emailsOf, type Erasure } from '#server/core/hooks'

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

/** Enquiries go when they pass the privacy settings' period, dated by their arrival. */
export const enquiryAgeing: Ageing<'enquiries'> = { table: 'enquiries', datedBy: 'createdAt' }

/** The latest enquiries, newest first. */
export function latestEnquiries(tx: ReadTx, limit: number) {
  return tx.selectFrom('enquiries').selectAll().orderBy('id', 'desc').limit(limit).execute()
}

/** The enquiries sent from the person's addresses, for their copy of what is held about them. */
export async function enquiriesFrom(tx: ReadTx, emails: readonly string[]) {
  if (emails.length === 0) return []
  return tx
    .selectFrom('enquiries')
    .select(['name', 'email', 'enquiry', 'createdAt', 'sentAt'])
    .where('email', 'in', emails)
    .orderBy('id')
    .execute()
}

/** A person's erasure: the enquiries from their addresses keep only when they came and went. */
export async function eraseEnquiries(tx: WriteTx, erasure: Erasure) {
  const emails = emailsOf(erasure)
  if (emails.length === 0) return {}
  const rows = await tx
    .updateTable('enquiries')
    .set({ name: erasure.marker, email: '', enquiry: '' })
    .where('email', 'in', emails)
    .returning('id')
    .execute()
  await scrubText(tx, 'enquiries', ['lastError'], erasure.details, erasure.marker, {
    column: 'id',
    in: rows.map((row) => row.id),
  })
  return { outboxFiles: rows.map((row) => `enquiry-${row.id}`) }
}
