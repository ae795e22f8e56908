import type { Ageing } from '#server/core/db/age-out'
import type { Db } from '#server/core/db/database'
import type { WriteTx } from '#server/core/db/write-transaction'

// Failed sign-ins are counted per user name *and* client address, in the database (shared by
// instances). A client that keeps guessing one account's password is locked out of that account
// for a while; the account's owner, signing in from a client that has not failed, is not
// (docs/decisions/0012). Guessing from many addresses is slowed by the per-client limit on all
// sign-ins and made fruitless by the password rules (no common passwords).
export const MAX_FAILURES = 10
export const LOCKOUT_MINUTES = 15

/** Records of failures go when they pass the privacy settings' period. */
export const signInFailureAgeing: Ageing<'sign_in_failures'> = {
  table: 'sign_in_failures',
  datedBy: 'firstFailureAt',
}

export interface Attempt {
  userName: string
  clientAddress: string
}

const windowMs = LOCKOUT_MINUTES * 60_000
const windowStart = (now: number) => new Date(now - windowMs).toISOString()

/** Seconds until the client may try this user name again, or 0 when it is not locked out. */
export async function lockedOutFor(db: Db, { userName, clientAddress }: Attempt): Promise<number> {
  const row = await db.kysely
    .selectFrom('sign_in_failures')
    .select(['failures', 'firstFailureAt'])
    .where('userName', '=', userName)
    .where('clientAddress', '=', clientAddress)
    .executeTakeFirst()
  if (!row || row.failures < MAX_FAILURES) return 0
  const remaining = Date.parse(row.firstFailureAt) + windowMs - Date.now()
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0
}

// One statement, so that failures sent at once (from many requests or instances) all count: a
// read-then-write would let parallel guesses overwrite each other's increments. Answers whether
// this failure locked the client out.
export async function recordFailure(
  db: Db,
  { userName, clientAddress }: Attempt,
): Promise<boolean> {
  const now = Date.now()
  const start = windowStart(now)
  const row = await db.kysely
    .insertInto('sign_in_failures')
    .values({ userName, clientAddress, failures: 1, firstFailureAt: new Date(now).toISOString() })
    .onConflict((c) =>
      c.columns(['userName', 'clientAddress']).doUpdateSet((eb) => {
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
            .then(new Date(now).toISOString())
            .else(eb.ref('sign_in_failures.firstFailureAt'))
            .end(),
        }
      }),
    )
    .returning('failures')
    .executeTakeFirst()
  return row?.failures === MAX_FAILURES
}

/** A successful sign-in forgets that client's failures (a stranger's stay counted). */
export async function clearFailures(db: Db, { userName, clientAddress }: Attempt) {
  await db.kysely
    .deleteFrom('sign_in_failures')
    .where('userName', '=', userName)
    .where('clientAddress', '=', clientAddress)
    .execute()
}

/** A new password given to the account forgets its failed sign-ins from every client, in its write. */
export async function forgetAllFailures(tx: WriteTx, userName: string) {
  await tx.deleteFrom('sign_in_failures').where('userName', '=', userName).execute()
}
