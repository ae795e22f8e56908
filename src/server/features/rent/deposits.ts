import { depositMessages } from '#shared/messages/deposits'
import type {
  Deposit,
  DepositEntryInput,
  DepositInput,
  DepositsHeld,
} from '#shared/schemas/deposits'
import { loggedChange, recordKey, type LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, seesSite, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import type { Rent } from '#server/features/rent/context'
import { keptKinds } from '#server/features/rent/kinds'
import { requirePersonInScope } from '#server/features/people/sql'
import * as repo from '#server/features/rent/deposits-sql'

// Deposits (issue 47, item 2, decision 58). The administrator keeps the kinds; the committee
// takes a deposit from a tenant for their plot or a key to its site, and gives it back or keeps
// it, each a logged change of the plot's site. A deposit is money held to be given back, never
// an invoice nor income: its own entries, appended, never changed.

export const listDepositKinds = ({ db }: Rent) => repo.listDepositKinds(db.kysely)

const kinds = keptKinds({
  table: 'deposit_kinds',
  methods: { add: 'addDepositKind', update: 'updateDepositKind' },
  insert: repo.insertDepositKind,
  find: repo.findDepositKind,
  missing: depositMessages.kindMissing,
})
export const addDepositKind = kinds.add
/** A kind changed: its amount is what deposits taken from now on default to. */
export const updateDepositKind = kinds.update

/**
 * A person's deposits on the sites in scope: 404 for no such person, 403 for one outside the
 * scope (a former tenant, on no site now, is within it, for their deposits to be given back).
 */
export async function personDeposits({ db }: Rent, scope: SiteScope, personId: string) {
  await requirePersonInScope(db.kysely, scope, personId, { orUnplaced: true })
  const deposits = await repo.depositsOf(db.kysely, personId)
  return deposits.filter((deposit) => seesSite(scope, deposit.siteId))
}

/** A deposit taken from a tenant of a plot in scope, by the viewer, now, of the kind's amount. */
export function takeDeposit(
  { db, clock }: Rent,
  viewer: Viewer,
  scope: SiteScope,
  personId: string,
  input: DepositInput,
): Promise<Deposit> {
  const change: LoggedChange = {
    methodName: 'takeDeposit',
    eventCollection: 'deposits',
    docId: '',
    userName: viewer.userName,
    alsoLocks: [recordKey('people', personId)],
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      const deposit = await repo.depositTaken(tx, {
        scope,
        change,
        personId,
        input,
        by: viewer.userName,
        at: clock.now(),
        today: clock.today(),
      })
      change.docId = String(deposit.id)
      return deposit
    },
    { personId, ...input },
  )
}

const ENTRY_METHODS = {
  taken: 'takeMoreDeposit',
  returned: 'returnDeposit',
  kept: 'keepDeposit',
} as const

/**
 * An entry added to a deposit of a site in scope, against the version read: some or all of it
 * given back, kept by the society, or more taken; never more given back or kept than it holds.
 */
export function addDepositEntry(
  { db, clock }: Rent,
  viewer: Viewer,
  scope: SiteScope,
  id: number,
  { version, ...input }: DepositEntryInput,
): Promise<Deposit> {
  const change: LoggedChange = {
    methodName: ENTRY_METHODS[input.kind],
    eventCollection: 'deposits',
    docId: String(id),
    userName: viewer.userName,
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      const deposit = await repo.requireDeposit(tx, id)
      change.sites = [deposit.siteId]
      requireSiteInScope(scope, deposit.siteId)
      return repo.depositEntryAdded(tx, {
        deposit,
        version,
        input,
        by: viewer.userName,
        at: clock.now(),
        today: clock.today(),
      })
    },
    { id, version, ...input },
  )
}

/** The deposits held at the end of `day` (today unless given) on the sites in scope. */
export function depositsHeld(
  { db, clock }: Rent,
  scope: SiteScope,
  day?: string,
): Promise<DepositsHeld> {
  return repo.depositsHeldOn(db.kysely, day ?? clock.today(), scope)
}
