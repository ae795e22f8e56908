import { endDateRefusal } from '#shared/domain/keys'
import { keyMessages } from '#shared/messages/keys'
import type { HandOver, Key, KeyLost, KeyReturn } from '#shared/schemas/keys'
import { updateAtVersion } from '#server/core/db/versioned'
import type { WriteTx } from '#server/core/db/write-transaction'
import { badRequest } from '#server/core/errors'
import { loggedChange, recordKey, type LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import type { Keys } from '#server/features/keys/context'
import { requireKey } from '#server/features/keys/keys'
import * as repo from '#server/features/keys/sql'
import { requirePersonInScope } from '#server/features/people/sql'
import { depositEntryAdded, depositTaken, requireDeposit } from '#server/features/rent/deposits-sql'

// A key handed over, returned and lost (issue 48, item 4, decision 64): each a logged change of
// the key, against the version read, on its site. Its deposit is decision 58's, taken, given back
// and kept through the deposits' own entries in the same write.

type Run<T> = (tx: WriteTx, key: Key, change: LoggedChange) => Promise<T>

/** A change of a key in scope, read in the write and written as its next version. */
function keyChange<T>(
  { db }: Keys,
  viewer: Viewer,
  scope: SiteScope,
  methodName: string,
  id: number,
  version: number,
  value: object,
  run: Run<T>,
  alsoLocks: string[] = [],
): Promise<Key> {
  const change: LoggedChange = {
    methodName,
    eventCollection: 'keys',
    docId: String(id),
    userName: viewer.userName,
    alsoLocks,
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      const key = await requireKey(tx, id)
      change.sites = [key.siteId]
      requireSiteInScope(scope, key.siteId)
      await run(tx, key, change)
      await updateAtVersion(tx, 'keys', id, version, {})
      // The key's site is its entry's, whatever the deposit's person reaches besides.
      change.sites = [key.siteId]
      return requireKey(tx, id)
    },
    { id, version, ...value },
  )
}

/** A key not held handed to a person in scope, with a deposit for their plot on its site or none. */
export function handOverKey(
  keys: Keys,
  viewer: Viewer,
  scope: SiteScope,
  id: number,
  { version, personId, date, deposit }: HandOver,
): Promise<Key> {
  const { clock } = keys
  return keyChange(
    keys,
    viewer,
    scope,
    'handOverKey',
    id,
    version,
    { personId, date, deposit },
    async (tx, key, change) => {
      if (key.holding) throw badRequest(keyMessages.alreadyHeld(key.number, key.holding.personName))
      if (date > clock.today()) throw badRequest(keyMessages.handedInFuture)
      // Someone on no site (a volunteer, a former tenant) may hold a key; not one beyond the scope.
      await requirePersonInScope(tx, scope, personId, { orUnplaced: true, change })
      let depositId: number | null = null
      if (deposit) {
        const taken = await depositTaken(tx, {
          scope,
          change,
          personId,
          input: { ...deposit, date },
          by: viewer.userName,
          at: clock.now(),
          today: clock.today(),
        })
        if (taken.siteId !== key.siteId)
          throw badRequest(keyMessages.depositOtherSite(taken.plotName))
        depositId = taken.id
      }
      await repo.insertHolding(tx, {
        keyId: key.id,
        personId,
        depositId,
        handedOn: date,
        createdBy: viewer.userName,
        createdAt: clock.now().toISOString(),
      })
    },
    [recordKey('people', personId)],
  )
}

/** What a holding's end may not be: the key not held, the day before it was handed or ahead. */
function requireHeld(key: Key, date: string, today: string) {
  const holding = key.holding
  if (!holding) throw badRequest(keyMessages.notHeld(key.number))
  const refusal = endDateRefusal(holding.handedOn, date, today)
  if (refusal === 'inFuture') throw badRequest(keyMessages.endInFuture)
  if (refusal === 'beforeHandedOver')
    throw badRequest(keyMessages.endBeforeHanded(holding.handedOn))
  return holding
}

/** A key come back on a day, with some or all of its deposit given back. */
export function returnKey(
  keys: Keys,
  viewer: Viewer,
  scope: SiteScope,
  id: number,
  { version, date, refund }: KeyReturn,
): Promise<Key> {
  const { clock } = keys
  return keyChange(
    keys,
    viewer,
    scope,
    'returnKey',
    id,
    version,
    { date, refund },
    async (tx, key) => {
      const holding = requireHeld(key, date, clock.today())
      if (refund && holding.deposit) {
        const deposit = await requireDeposit(tx, holding.deposit.id)
        await depositEntryAdded(tx, {
          deposit,
          version: deposit.version,
          input: { kind: 'returned', date, reason: keyMessages.returnedReason, ...refund },
          by: viewer.userName,
          at: clock.now(),
          today: clock.today(),
        })
      }
      await repo.endHolding(tx, holding.id, {
        endedOn: date,
        outcome: 'returned',
        charge: null,
        note: holding.note,
      })
    },
  )
}

/**
 * A key lost on a day: what of its deposit the society keeps for it (the deposits' "kept" entry),
 * and a charge beside it when there is no deposit or it costs more; the rest of the deposit stays
 * held, to be given back from the person's deposits.
 */
export function loseKey(
  keys: Keys,
  viewer: Viewer,
  scope: SiteScope,
  id: number,
  { version, date, kept, charge, note }: KeyLost,
): Promise<Key> {
  const { clock } = keys
  return keyChange(
    keys,
    viewer,
    scope,
    'loseKey',
    id,
    version,
    { date, kept, charge, note },
    async (tx, key) => {
      const holding = requireHeld(key, date, clock.today())
      if (kept && !holding.deposit) throw badRequest(keyMessages.noDeposit(key.number))
      if (kept && holding.deposit) {
        const deposit = await requireDeposit(tx, holding.deposit.id)
        await depositEntryAdded(tx, {
          deposit,
          version: deposit.version,
          input: {
            kind: 'kept',
            date,
            amount: kept,
            method: null,
            reason: note || keyMessages.lostReason,
          },
          by: viewer.userName,
          at: clock.now(),
          today: clock.today(),
        })
      }
      await repo.endHolding(tx, holding.id, {
        endedOn: date,
        outcome: 'lost',
        charge: charge ?? null,
        note,
      })
    },
  )
}
