import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The addresses asked for accounts, waiting for their links (issue 42): only this file reads or
// writes them.

/** A new request, ending the account's earlier ones: only the newest link works. */
export async function insertLink(
  tx: WriteTx,
  link: { userId: string; email: string; createdAt: string; expiresAt: string },
) {
  await endLinksOf(tx, link.userId, link.createdAt)
  return tx
    .insertInto('account_email_links')
    .values({ ...link, tokenHash: null, endedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** The request with its account's user name, while its link may still be sent. */
export function linkToSend(tx: ReadTx, id: number, now: string) {
  return tx
    .selectFrom('account_email_links')
    .innerJoin('user', 'user.id', 'account_email_links.userId')
    .select(['account_email_links.email', 'account_email_links.userId', 'user.username'])
    .where('account_email_links.id', '=', id)
    .where('account_email_links.endedAt', 'is', null)
    .where('account_email_links.expiresAt', '>', now)
    .executeTakeFirst()
}

export async function setLinkToken(tx: WriteTx, id: number, tokenHash: string) {
  const { numUpdatedRows } = await tx
    .updateTable('account_email_links')
    .set({ tokenHash })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .executeTakeFirst()
  return numUpdatedRows > 0n
}

/** The request a link's token belongs to, with its account's user name, used or not. */
export function linkWithToken(tx: ReadTx, tokenHash: string) {
  return tx
    .selectFrom('account_email_links')
    .innerJoin('user', 'user.id', 'account_email_links.userId')
    .select([
      'account_email_links.id',
      'account_email_links.userId',
      'account_email_links.email',
      'account_email_links.expiresAt',
      'account_email_links.endedAt',
      'user.username',
    ])
    .where('account_email_links.tokenHash', '=', tokenHash)
    .executeTakeFirst()
}

/** Ends the request if it is still open; whether it was. */
export async function endLink(tx: WriteTx, id: number, now: string) {
  const { numUpdatedRows } = await tx
    .updateTable('account_email_links')
    .set({ endedAt: now })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .executeTakeFirst()
  return numUpdatedRows > 0n
}

/** Ends the account's open requests (replaced, or cleared by the committee); how many. */
export async function endLinksOf(tx: WriteTx, userId: string, now: string) {
  const { numUpdatedRows } = await tx
    .updateTable('account_email_links')
    .set({ endedAt: now })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .executeTakeFirst()
  return Number(numUpdatedRows)
}

/** Ends every open request for the address: it has become an account's. */
export async function endLinksTo(tx: WriteTx, email: string, now: string) {
  await tx
    .updateTable('account_email_links')
    .set({ endedAt: now })
    .where('email', '=', email.toLowerCase())
    .where('endedAt', 'is', null)
    .execute()
}

/** Each account's newest open request still in time, for the committee's list. */
export function openLinks(tx: ReadTx, now: string) {
  return tx
    .selectFrom('account_email_links')
    .select(['userId', 'email'])
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('id')
    .execute()
}

/** An erased account's requests go, addresses and all; the outbox names of their e-mails. */
export async function deleteLinksOf(tx: WriteTx, userId: string): Promise<string[]> {
  const rows = await tx
    .deleteFrom('account_email_links')
    .where('userId', '=', userId)
    .returning('id')
    .execute()
  return rows.map((row) => `account-email-${row.id}`)
}
