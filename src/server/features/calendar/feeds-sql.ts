import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// Each account's private calendar address: only its token's SHA-256, one an account (decision 63).

/** The account whose calendar address has this token's hash. */
export async function feedOwner(tx: ReadTx, tokenHash: string): Promise<string | undefined> {
  const row = await tx
    .selectFrom('calendar_feeds')
    .select('userId')
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()
  return row?.userId
}

/** When the account's calendar address was made, or null when it has none. */
export async function feedMadeAt(tx: ReadTx, userId: string): Promise<string | null> {
  const row = await tx
    .selectFrom('calendar_feeds')
    .select('createdAt')
    .where('userId', '=', userId)
    .executeTakeFirst()
  return row?.createdAt ?? null
}

/** The account's new address, in place of any old one, which stops working with this write. */
export async function replaceFeed(tx: WriteTx, userId: string, tokenHash: string, now: string) {
  await tx.deleteFrom('calendar_feeds').where('userId', '=', userId).execute()
  await tx.insertInto('calendar_feeds').values({ userId, tokenHash, createdAt: now }).execute()
}

/** The account's address goes (a person's erasure); answers whether it had one. */
export async function deleteFeed(tx: WriteTx, userId: string): Promise<boolean> {
  const result = await tx
    .deleteFrom('calendar_feeds')
    .where('userId', '=', userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
