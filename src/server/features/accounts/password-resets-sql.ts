import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

/** The id of the account a user name or e-mail address names, if any. */
export async function accountToReset(tx: ReadTx, identifier: string) {
  const named = identifier.toLowerCase()
  const row = await tx
    .selectFrom('user')
    .select('id')
    .where((eb) => eb.or([eb('username', '=', named), eb(eb.fn('lower', ['email']), '=', named)]))
    .executeTakeFirst()
  return row?.id
}

/** The account, to see whether it can be sent a link. */
export function accountForReset(tx: ReadTx, id: string) {
  return tx
    .selectFrom('user')
    .select(['id', 'username', 'email', 'disabled'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** A new request, ending the account's earlier ones: only the newest link works. */
export async function insertReset(
  tx: WriteTx,
  reset: { userId: string; createdAt: string; expiresAt: string },
) {
  await tx
    .updateTable('password_resets')
    .set({ endedAt: reset.createdAt })
    .where('userId', '=', reset.userId)
    .where('endedAt', 'is', null)
    .execute()
  return tx
    .insertInto('password_resets')
    .values({ ...reset, tokenHash: null, endedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** The request and its account, while its link may still be sent. */
export function resetToSend(tx: ReadTx, id: number, now: string) {
  return tx
    .selectFrom('password_resets')
    .innerJoin('user', 'user.id', 'password_resets.userId')
    .select(['user.username', 'user.email'])
    .where('password_resets.id', '=', id)
    .where('password_resets.endedAt', 'is', null)
    .where('password_resets.expiresAt', '>', now)
    .executeTakeFirst()
}

export async function setResetToken(tx: WriteTx, id: number, tokenHash: string) {
  const { numUpdatedRows } = await tx
    .updateTable('password_resets')
    .set({ tokenHash })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .executeTakeFirst()
  return numUpdatedRows > 0n
}

/** The request a link's token belongs to, with its account, used or not. */
export function resetWithToken(tx: ReadTx, tokenHash: string) {
  return tx
    .selectFrom('password_resets')
    .innerJoin('user', 'user.id', 'password_resets.userId')
    .select([
      'password_resets.id',
      'password_resets.userId',
      'password_resets.expiresAt',
      'password_resets.endedAt',
      'user.username',
      'user.disabled',
    ])
    .where('password_resets.tokenHash', '=', tokenHash)
    .executeTakeFirst()
}

/** Ends the link, once: false when another use ended it first. */
export async function endReset(tx: WriteTx, id: number, at: string) {
  const { numUpdatedRows } = await tx
    .updateTable('password_resets')
    .set({ endedAt: at, tokenHash: null })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .executeTakeFirst()
  return numUpdatedRows > 0n
}
