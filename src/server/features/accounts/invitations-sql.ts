import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The invitations to sign in (issue 29): only this file reads or writes them.

export interface NewInvitation {
  personId: string
  email: string
  invitedBy: string
  createdAt: string
  expiresAt: string
}

// Rows at a time: 500 of 9 values stay far below both engines' limits on bound parameters.
const CHUNK = 500

/**
 * New invitations, ending the open ones of the same people: only the newest link works. Gives
 * back each new invitation's id with its person.
 */
export async function insertInvitations(tx: WriteTx, invitations: readonly NewInvitation[]) {
  const made: Array<{ id: number; personId: string }> = []
  for (let start = 0; start < invitations.length; start += CHUNK) {
    const chunk = invitations.slice(start, start + CHUNK)
    await replaceOpenInvitations(
      tx,
      chunk.map((invitation) => invitation.personId),
      chunk[0]!.createdAt,
    )
    const rows = chunk.map((invitation) => ({
      ...invitation,
      tokenHash: null,
      sentAt: null,
      endedAt: null,
      endedHow: null,
    }))
    made.push(
      ...(await tx.insertInto('invitations').values(rows).returning(['id', 'personId']).execute()),
    )
  }
  return made
}

/**
 * Ends the people's open invitations as replaced: by a newer one, or by an account the committee
 * linked them to, so that no link can make them a second.
 */
export async function replaceOpenInvitations(
  tx: WriteTx,
  personIds: readonly string[],
  now: string,
) {
  await tx
    .updateTable('invitations')
    .set({ endedAt: now, endedHow: 'replaced' })
    .where('personId', 'in', personIds)
    .where('endedAt', 'is', null)
    .execute()
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

/** The mail server took the invitation's e-mail. */
export async function markInvitationSent(tx: WriteTx, id: number, now: string) {
  await tx.updateTable('invitations').set({ sentAt: now }).where('id', '=', id).execute()
}

/** How the open invitations stand: sent, or still waiting for the mail server. */
export async function openInvitationCounts(tx: ReadTx, now: string) {
  const rows = await tx
    .selectFrom('invitations')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('open'),
      eb.fn.count<number | string>('sentAt').as('sent'),
    ])
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst()
  return { open: Number(rows?.open ?? 0), sent: Number(rows?.sent ?? 0) }
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
