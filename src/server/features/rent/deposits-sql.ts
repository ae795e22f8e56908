import { depositTotals, entryRefusal, type DepositEntryKind } from '#shared/domain/deposits'
import { fullName } from '#shared/domain/message-copies'
import { depositMessages } from '#shared/messages/deposits'
import type {
  Deposit,
  DepositEntry,
  DepositEntryInput,
  DepositInput,
  DepositKind,
  DepositsHeld,
  HeldDeposit,
} from '#shared/schemas/deposits'
import { scrubText } from '#server/core/db/scrub'
import { updateAtVersion } from '#server/core/db/versioned'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { badRequest, notFound } from '#server/core/errors'
import type { Erasure } from '#server/core/hooks'
import type { LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import { namesOf, requirePersonInScope } from '#server/features/people/sql'
import { findPlot, namesOfPlots } from '#server/features/plots/sql'

// Deposits and their entries (migration 051, decision 58): money held to be given back, never in
// the invoices' ledger. The accounts (issue 47, item 5) read what was held at the end of a day
// and what came in and went out between two days from here.

export async function listDepositKinds(tx: ReadTx): Promise<DepositKind[]> {
  return tx.selectFrom('deposit_kinds').selectAll().orderBy('id').execute()
}

export async function findDepositKind(tx: ReadTx, id: number): Promise<DepositKind | undefined> {
  return tx.selectFrom('deposit_kinds').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertDepositKind(tx: WriteTx, kind: Omit<DepositKind, 'id' | 'version'>) {
  const { id } = await tx
    .insertInto('deposit_kinds')
    .values({ ...kind, version: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { ...kind, id, version: 1 }
}

type DepositRow = Omit<Deposit, 'entries' | 'plotName' | 'taken' | 'returned' | 'kept' | 'held'>

/** The deposits chosen, each with its entries (oldest first), its plot's name and its totals. */
async function withEntries(tx: ReadTx, rows: DepositRow[]): Promise<Deposit[]> {
  if (rows.length === 0) return []
  const [entries, plotNames] = await Promise.all([
    entriesOf(
      tx,
      rows.map((row) => row.id),
    ),
    namesOfPlots(
      tx,
      rows.map((row) => row.plotId),
    ),
  ])
  const entriesByDeposit = byDeposit(entries)
  return rows.map((row) => {
    const own = (entriesByDeposit.get(row.id) ?? []).map(withoutDeposit)
    return {
      ...row,
      plotName: plotNames.get(row.plotId) ?? row.plotId,
      entries: own,
      ...depositTotals(own),
    }
  })
}

const withoutDeposit = ({ depositId: _, ...entry }: DepositEntry & { depositId: number }) => entry

function entriesOf(tx: ReadTx, depositIds: readonly number[]) {
  return tx
    .selectFrom('deposit_entries')
    .selectAll()
    .where('depositId', 'in', depositIds)
    .orderBy('date')
    .orderBy('id')
    .execute()
}

/** A person's deposits, the latest first. */
export async function depositsOf(tx: ReadTx, personId: string): Promise<Deposit[]> {
  const rows = await tx
    .selectFrom('deposits')
    .selectAll()
    .where('personId', '=', personId)
    .orderBy('id', 'desc')
    .execute()
  return withEntries(tx, rows)
}

/** The deposits taken for a plot (for the plot itself, or a key to its site). */
export async function depositsOfPlot(tx: ReadTx, plotId: string): Promise<Deposit[]> {
  const rows = await tx.selectFrom('deposits').selectAll().where('plotId', '=', plotId).execute()
  return withEntries(tx, rows)
}

export async function findDeposit(tx: ReadTx, id: number): Promise<Deposit | undefined> {
  const rows = await tx.selectFrom('deposits').selectAll().where('id', '=', id).execute()
  return (await withEntries(tx, rows))[0]
}

export async function insertDeposit(
  tx: WriteTx,
  deposit: Omit<DepositRow, 'id' | 'version'>,
): Promise<number> {
  const { id } = await tx
    .insertInto('deposits')
    .values({ ...deposit, version: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function insertEntry(
  tx: WriteTx,
  entry: Omit<DepositEntry, 'id'> & { depositId: number },
): Promise<void> {
  await tx.insertInto('deposit_entries').values(entry).execute()
}

function depositsInScope(tx: ReadTx, scope: SiteScope) {
  const query = tx.selectFrom('deposits').selectAll()
  return scope.sites ? query.where('siteId', 'in', scope.sites) : query
}

/**
 * The deposits of the sites in `scope` holding money at the end of `day` (YYYY-MM-DD), each with
 * the name of the person it is owed back to, and their total (pence): what the accounts show as
 * deposits held.
 */
export async function depositsHeldOn(
  tx: ReadTx,
  day: string,
  scope: SiteScope,
): Promise<DepositsHeld> {
  const rows = await depositsInScope(tx, scope).orderBy('id').execute()
  const [entries, names, plotNames] = await Promise.all([
    rows.length
      ? entriesOf(
          tx,
          rows.map((row) => row.id),
        )
      : [],
    namesOf(
      tx,
      rows.map((row) => row.personId),
    ),
    namesOfPlots(
      tx,
      rows.map((row) => row.plotId),
    ),
  ])
  const entriesByDeposit = byDeposit(entries)
  const deposits: HeldDeposit[] = []
  for (const row of rows) {
    const { held } = depositTotals(entriesByDeposit.get(row.id) ?? [], day)
    if (held <= 0) continue
    const person = names.get(row.personId) ?? { id: row.personId, firstName: '', lastName: '' }
    deposits.push({
      id: row.id,
      personId: row.personId,
      personName: fullName(person),
      kindName: row.kindName,
      plotId: row.plotId,
      plotName: plotNames.get(row.plotId) ?? row.plotId,
      siteId: row.siteId,
      held,
    })
  }
  return { date: day, total: deposits.reduce((sum, d) => sum + d.held, 0), deposits }
}

/** One movement of a deposit's money, for the accounts. */
export interface DepositMovement {
  depositId: number
  kind: DepositEntryKind
  kindName: string
  date: string
  amount: number
  method: DepositEntry['method']
}

/**
 * The deposits' money that moved from `from` to `to` (both days included) on the sites in
 * `scope`: received (taken), paid back (returned) and kept by the society (which becomes its
 * income then), with their totals (pence), for the receipts and payments account.
 */
export async function depositMovements(
  tx: ReadTx,
  from: string,
  to: string,
  scope: SiteScope,
): Promise<{ taken: number; returned: number; kept: number; entries: DepositMovement[] }> {
  let query = tx
    .selectFrom('deposit_entries')
    .innerJoin('deposits', 'deposits.id', 'deposit_entries.depositId')
    .select([
      'deposit_entries.depositId',
      'deposit_entries.kind',
      'deposits.kindName',
      'deposit_entries.date',
      'deposit_entries.amount',
      'deposit_entries.method',
    ])
    .where('deposit_entries.date', '>=', from)
    .where('deposit_entries.date', '<=', to)
  if (scope.sites) query = query.where('deposits.siteId', 'in', scope.sites)
  const entries = await query
    .orderBy('deposit_entries.date')
    .orderBy('deposit_entries.id')
    .execute()
  const { taken, returned, kept } = depositTotals(entries)
  return { taken, returned, kept, entries }
}

/** What is still held for a person, over all their deposits (pence). */
export async function heldFor(tx: ReadTx, personId: string): Promise<number> {
  return (await depositsOf(tx, personId)).reduce((sum, deposit) => sum + deposit.held, 0)
}

/** A person's deposits are the kept record's after a merge. */
export async function moveDeposits(tx: WriteTx, from: string, to: string): Promise<number> {
  const result = await tx
    .updateTable('deposits')
    .set({ personId: to })
    .where('personId', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * An erased person's deposits stay, with every amount and date (the accounts' records), made out
 * to the marker's id; their details go from the reasons written.
 */
export async function eraseDeposits(tx: WriteTx, erasure: Erasure): Promise<void> {
  const rows = await tx
    .updateTable('deposits')
    .set({ personId: erasure.newId })
    .where('personId', '=', erasure.id)
    .returning('id')
    .execute()
  const where = { column: 'depositId' as const, in: rows.map((row) => row.id) }
  await scrubText(tx, 'deposit_entries', ['reason'], erasure.details, erasure.marker, where)
}

// Each deposit's entries, found in one pass: a council's thousands of deposits are read together.
function byDeposit<Entry extends { depositId: number }>(entries: readonly Entry[]) {
  const grouped = new Map<number, Entry[]>()
  for (const entry of entries) {
    const own = grouped.get(entry.depositId)
    if (own) own.push(entry)
    else grouped.set(entry.depositId, [entry])
  }
  return grouped
}

export async function requireDeposit(tx: ReadTx, id: number): Promise<Deposit> {
  const deposit = await findDeposit(tx, id)
  if (!deposit) throw notFound(depositMessages.depositMissing(id))
  return deposit
}

/** Who takes a deposit and when, as a change that takes one is told. */
interface Recorded {
  by: string
  at: Date
  /** London's today: no entry is dated after it. */
  today: string
}

/**
 * A deposit taken from a tenant of a plot in scope, in the write of a change (rent's own, or a key
 * handed over with its deposit): refused from someone not a tenant of the plot, or dated after
 * today. Sets the change's sites to the plot's.
 */
export async function depositTaken(
  tx: WriteTx,
  {
    scope,
    change,
    personId,
    input,
    by,
    at,
    today,
  }: Recorded & { scope: SiteScope; change: LoggedChange; personId: string; input: DepositInput },
): Promise<Deposit> {
  const { person } = await requirePersonInScope(tx, scope, personId, { change })
  const plot = await findPlot(tx, input.plotId)
  if (!plot) throw badRequest(depositMessages.plotMissing(input.plotId))
  change.sites = [plot.siteId]
  requireSiteInScope(scope, plot.siteId)
  if (!plot.tenants.includes(personId))
    throw badRequest(depositMessages.notTenant(fullName(person), plot.name))
  const kind = await findDepositKind(tx, input.kindId)
  if (!kind) throw badRequest(depositMessages.kindMissing(input.kindId))
  const amount = input.amount ?? kind.amount
  const refusal = entryRefusal([], { kind: 'taken', date: input.date, amount }, today)
  if (refusal) throw badRequest(refusal)
  const id = await insertDeposit(tx, {
    personId,
    kindId: kind.id,
    kindName: kind.name,
    plotId: plot.id,
    siteId: plot.siteId,
  })
  await insertEntry(tx, {
    depositId: id,
    kind: 'taken',
    date: input.date,
    amount,
    method: input.method,
    reason: '',
    createdBy: by,
    createdAt: at.toISOString(),
  })
  return requireDeposit(tx, id)
}

/**
 * An entry added to a deposit already read (and its site checked), against the version read:
 * never giving back or keeping more than it holds, never dated before its last entry or after
 * today.
 */
export async function depositEntryAdded(
  tx: WriteTx,
  {
    deposit,
    version,
    input,
    by,
    at,
    today,
  }: Recorded & { deposit: Deposit; version: number; input: Omit<DepositEntryInput, 'version'> },
): Promise<Deposit> {
  const refusal = entryRefusal(deposit.entries, input, today)
  if (refusal) throw badRequest(refusal)
  await updateAtVersion(tx, 'deposits', deposit.id, version, {})
  await insertEntry(tx, {
    ...input,
    // What is kept is not paid anyone.
    method: input.kind === 'kept' ? null : input.method,
    depositId: deposit.id,
    createdBy: by,
    createdAt: at.toISOString(),
  })
  return requireDeposit(tx, deposit.id)
}
