import type { Db } from '../db/database.ts'

// Besides the per-client limit, failed sign-ins are counted per user name in the database, so
// that guessing one account's password from many addresses or instances is slowed down too.
export const MAX_FAILURES = 10
export const LOCKOUT_MINUTES = 15

const windowStart = () => new Date(Date.now() - LOCKOUT_MINUTES * 60_000).toISOString()

export async function isLockedOut(db: Db, userName: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('sign_in_failures')
    .select(['failures', 'firstFailureAt'])
    .where('userName', '=', userName)
    .executeTakeFirst()
  return !!row && row.firstFailureAt > windowStart() && row.failures >= MAX_FAILURES
}

export async function recordFailure(db: Db, userName: string) {
  const now = new Date().toISOString()
  const row = await db.kysely
    .selectFrom('sign_in_failures')
    .select(['failures', 'firstFailureAt'])
    .where('userName', '=', userName)
    .executeTakeFirst()
  if (!row) {
    await db.kysely
      .insertInto('sign_in_failures')
      .values({ userName, failures: 1, firstFailureAt: now })
      .onConflict((c) => c.column('userName').doUpdateSet((eb) => ({ failures: eb('sign_in_failures.failures', '+', 1) })))
      .execute()
    return
  }
  const expired = row.firstFailureAt <= windowStart()
  await db.kysely
    .updateTable('sign_in_failures')
    .set(expired ? { failures: 1, firstFailureAt: now } : { failures: row.failures + 1 })
    .where('userName', '=', userName)
    .execute()
}

export async function clearFailures(db: Db, userName: string) {
  await db.kysely.deleteFrom('sign_in_failures').where('userName', '=', userName).execute()
}
