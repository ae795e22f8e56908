import type { Config } from '#server/core/config'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure, PersonKeys } from '#server/core/hooks'
import { hashOf, linkTo, newToken } from '#server/core/link-tokens'
import { accountChange, loggedChange } from '#server/core/logged-change'
import type { Actor } from '#server/core/viewer'
import { accountIdByName, accountOfPerson } from '#server/features/accounts/sql'
import { deleteFeed, feedMadeAt, replaceFeed } from '#server/features/calendar/feeds-sql'

// A member's private calendar address (decision 63): a long random token in the address, of
// which only the SHA-256 is kept, so the address is shown once, when it is made. Making a new one
// ("Reset my calendar address") replaces the old, which stops working in the same write.

/** The feed's address for a token. */
export const feedPath = (token: string) => `/api/calendar/feeds/${token}.ics`

/** Whether the account has an address, and when it was made. */
export async function calendarAddressState(tx: ReadTx, userId: string) {
  return { madeAt: await feedMadeAt(tx, userId) }
}

/**
 * A new address for the signed-in account, logged as a change to it (never with the token).
 * Answers the address, shown this once.
 */
export async function makeCalendarAddress(
  { db, clock, config }: { db: Db; clock: Clock; config: Config },
  actor: Actor,
) {
  const token = newToken()
  const madeAt = clock.now().toISOString()
  await loggedChange(db, accountChange('resetCalendarAddress', actor.viewer.id, actor), (tx) =>
    replaceFeed(tx, actor.viewer.id, hashOf(token), madeAt).then(() => ({ madeAt })),
  )
  return { url: linkTo(config, feedPath(token)), madeAt }
}

/** A person's data download: when their account's calendar address was made (never the token). */
export async function describeCalendarAddress(tx: ReadTx, person: PersonKeys) {
  const account = await accountOfPerson(tx, person.id)
  const madeAt = account ? await feedMadeAt(tx, account.id) : null
  return { calendarAddress: madeAt ? [{ madeAt }] : [] }
}

/**
 * A person's erasure: their account's calendar address goes. Accounts' own part of the erasure
 * may have run first, unlinking the account and naming it by the record's new id: found either way.
 */
export async function eraseCalendarAddress(tx: WriteTx, erasure: Erasure) {
  const accountId =
    (await accountOfPerson(tx, erasure.id))?.id ?? (await accountIdByName(tx, erasure.newId))
  if (accountId) await deleteFeed(tx, accountId)
}
