import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// A member's new e-mail addresses waiting for their links (issue 29): only this file reads or
// writes them.

/** A new request, ending the person's earlier ones: only the newest link works. */
export async function insertEmailChange(
  tx: WriteTx,
  change: {
    personId: string
    newEmail: string
    requestedBy: string
    createdAt: string
    expiresAt: string
  },
) {
  await tx
    .updateTable('email_changes')
    .set({ endedAt: change.createdAt })
    .where('personId', '=', change.personId)
    .where('endedAt', 'is', null)
    .execute()
  return tx
    .insertInto('email_changes')
    .values({ ...change, tokenHash: null, endedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** The request, while its link may still be sent. */
export function emailChangeToSend(tx: ReadTx, id: number, now: string) {
  return tx
    .selectFrom('email_changes')
    .innerJoin('people', 'people.id', 'email_changes.personId')
    .select(['email_changes.newEmail', 'people.firstName'])
    .where('email_changes.id', '=', id)
    .where('email_changes.endedAt', 'is', null)
    .where('email_changes.expiresAt', '>', now)
    .executeTakeFirst()
}

export async function setEmailChangeToken(tx: WriteTx, id: number, tokenHash: string) {
  const { numUpdatedRows } = await tx
    .updateTable('email_changes')
    .set({ tokenHash })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .executeTakeFirst()
  return numUpdatedRows > 0n
}

/** The request a link's token belongs to, used or not. */
export function emailChangeWithToken(tx: ReadTx, tokenHash: string) {
  return tx
    .selectFrom('email_changes')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()
}

/** Ends the request if it is still open; whether it was. */
export async function endEmailChange(tx: WriteTx, id: number, now: string) {
  const { numUpdatedRows } = await tx
    .updateTable('email_changes')
    .set({ endedAt: now })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .executeTakeFirst()
  return numUpdatedRows > 0n
}

/** The person's requests to change their address, without their links' tokens. */
export function emailChangesOf(tx: ReadTx, personId: string) {
  return tx
    .selectFrom('email_changes')
    .select(['newEmail', 'requestedBy', 'createdAt', 'expiresAt', 'endedAt'])
    .where('personId', '=', personId)
    .orderBy('id')
    .execute()
}

/** A person's erasure: their requests go, links and addresses; the outbox names of their e-mails. */
export async function deleteEmailChangesOf(tx: WriteTx, personId: string): Promise<string[]> {
  const rows = await tx
    .deleteFrom('email_changes')
    .where('personId', '=', personId)
    .returning('id')
    .execute()
  return rows.map((row) => `email-change-${row.id}`)
}

/** A merge (issue 46): the merged record's requests become the kept record's. */
export async function moveEmailChanges(tx: WriteTx, from: string, to: string): Promise<void> {
  await tx.updateTable('email_changes').set({ personId: to }).where('personId', '=', from).execute()
}
