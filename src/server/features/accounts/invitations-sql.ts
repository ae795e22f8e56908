import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The invitations to sign in (issue 29): only this file reads or writes them.

/** A new invitation of the person, ending their open one: only the newest link works. */
export async function insertInvitation(
  tx: WriteTx,
  invitation: {
    personId: string
    email: string
    invitedBy: string
    createdAt: string
    expiresAt: string
  },
) {
  await tx
    .updateTable('invitations')
    .set({ endedAt: invitation.createdAt, endedHow: 'replaced' })
    .where('personId', '=', invitation.personId)
    .where('endedAt', 'is', null)
    .execute()
  return tx
    .insertInto('invitations')
    .values({ ...invitation, tokenHash: null, endedAt: null, endedHow: null })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** The invitation, while its link may still be sent. */
export function invitationToSend(tx: ReadTx, id: number, now: string) {
  return tx
    .selectFrom('invitations')
    .select(['email', 'personId'])
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst()
}

export async function setInvitationToken(tx: WriteTx, id: number, tokenHash: string) {
  const { numUpdatedRows } = await tx
    .updateTable('invitations')
    .set({ tokenHash })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .executeTakeFirst()
  return numUpdatedRows > 0n
}

/** The invitation a link's token belongs to, used or not. */
export function invitationWithToken(tx: ReadTx, tokenHash: string) {
  return tx
    .selectFrom('invitations')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()
}

/** Ends the invitation if it is still open; whether it was. */
export async function endInvitation(
  tx: WriteTx,
  id: number,
  how: 'joined' | 'expired',
  now: string,
) {
  const { numUpdatedRows } = await tx
    .updateTable('invitations')
    .set({ endedAt: now, endedHow: how })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .executeTakeFirst()
  return numUpdatedRows > 0n
}

/** The person's newest invitation, for the committee's view of who has signed up. */
export function latestInvitation(tx: ReadTx, personId: string) {
  return tx
    .selectFrom('invitations')
    .select(['createdAt', 'expiresAt', 'endedAt', 'endedHow'])
    .where('personId', '=', personId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Everyone with an invitation still open, with when it was sent: one query for the lists. */
export function openInvitations(tx: ReadTx, now: string) {
  return tx
    .selectFrom('invitations')
    .select(['personId', 'createdAt'])
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .execute()
}
