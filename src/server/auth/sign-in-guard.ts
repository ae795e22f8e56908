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

// One statement, so that failures sent at once (from many clients or instances) all count: a
// read-then-write would let parallel guesses overwrite each other's increments.
export async function recordFailure(db: Db, userName: string) {
  const now = new Date().toISOString()
  const start = windowStart()
  await db.kysely
    .insertInto('sign_in_failures')
    .values({ userName, failures: 1, firstFailureAt: now })
    .onConflict((c) =>
      c.column('userName').doUpdateSet((eb) => {
        const expired = eb('sign_in_failures.firstFailureAt', '<=', start)
        return {
          failures: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('sign_in_failures.failures', '+', 1))
            .end(),
          firstFailureAt: eb
            .case()
            .when(expired)
            .then(now)
            .else(eb.ref('sign_in_failures.firstFailureAt'))
            .end(),
        }
      }),
    )
    .execute()
}

export async function clearFailures(db: Db, userName: string) {
  await db.kysely.deleteFrom('sign_in_failures').where('userName', '=', userName).execute()
}
