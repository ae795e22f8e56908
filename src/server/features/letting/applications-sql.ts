import type { Insertable, Updateable } from 'kysely'
import type { ApplicationsTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The applications table: what the public sent, kept until the address is confirmed (and then,
// confirmed, for its note to the committee; its reference is the person's own from then on).

/** Whether an application not yet confirmed holds the nickname. */
export async function nicknamePending(tx: ReadTx, nickname: string): Promise<boolean> {
  const row = await tx
    .selectFrom('applications')
    .select('id')
    .where('nickname', '=', nickname)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

export async function referenceTaken(tx: ReadTx, reference: string): Promise<boolean> {
  const row = await tx
    .selectFrom('applications')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirst()
  return row !== undefined
}

/** The confirmed application with this address, if any. */
export function confirmedWithEmail(tx: ReadTx, email: string) {
  return tx
    .selectFrom('applications')
    .select(['nickname', 'firstName'])
    .where('email', '=', email)
    .where('confirmedAt', 'is not', null)
    .executeTakeFirst()
}

/** What an applicant said of themselves: the same again is the same application. */
type Details = Pick<
  ApplicationsTable,
  'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'address' | 'note'
>

/** The application not yet confirmed that said exactly this, if any. */
export function pendingWithDetails(tx: ReadTx, details: Details) {
  return tx
    .selectFrom('applications')
    .select(['id', 'reference', 'nickname'])
    .where('email', '=', details.email)
    .where('firstName', '=', details.firstName)
    .where('lastName', '=', details.lastName)
    .where('phoneNumber', '=', details.phoneNumber)
    .where('address', '=', details.address)
    .where('note', '=', details.note)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst()
}

/** The applications with this address not yet confirmed (several people may have used it). */
export function pendingWithEmail(tx: ReadTx, email: string) {
  return tx
    .selectFrom('applications')
    .select(['id', 'email', 'reference', 'nickname'])
    .where('email', '=', email)
    .where('confirmedAt', 'is', null)
    .execute()
}

export async function deleteApplication(tx: WriteTx, id: number): Promise<void> {
  await tx.deleteFrom('applications').where('id', '=', id).execute()
}

export function insertApplication(tx: WriteTx, application: Insertable<ApplicationsTable>) {
  return tx
    .insertInto('applications')
    .values(application)
    .returning(['id', 'reference', 'nickname'])
    .executeTakeFirstOrThrow()
}

export async function updateApplication(
  tx: WriteTx,
  id: number,
  values: Updateable<ApplicationsTable>,
): Promise<void> {
  await tx.updateTable('applications').set(values).where('id', '=', id).execute()
}

export function applicationById(tx: ReadTx, id: number) {
  return tx
    .selectFrom('applications')
    .select(['email', 'reference', 'nickname'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export function applicationWithTokenHash(tx: ReadTx, hash: string) {
  return tx.selectFrom('applications').selectAll().where('tokenHash', '=', hash).executeTakeFirst()
}

/** Deletes the application if nobody confirmed it and its link had expired by `now`: whether it went. */
export async function deleteExpiredApplication(
  tx: WriteTx,
  id: number,
  now: Date,
): Promise<boolean> {
  const deleted = await tx
    .deleteFrom('applications')
    .where('id', '=', id)
    .where('confirmedAt', 'is', null)
    .where('tokenExpiresAt', '<=', now.toISOString())
    .executeTakeFirst()
  return deleted.numDeletedRows > 0n
}

/**
 * What the confirmed applications of these people (by nickname; everyone's when none are named)
 * said: their references and their notes for the committee.
 */
export function confirmedApplicationsOf(tx: ReadTx, nicknames?: readonly string[]) {
  let query = tx
    .selectFrom('applications')
    .select(['nickname', 'reference', 'note', 'confirmedAt'])
    .where('confirmedAt', 'is not', null)
  if (nicknames) query = query.where('nickname', 'in', nicknames)
  return query.execute()
}
