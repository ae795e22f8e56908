import type { Insertable } from 'kysely'
import type { RentStep } from '#shared/domain/rent'
import type { LedgerEntry } from '#shared/schemas/rent'
import type { LedgerTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'
import { plotIdsOn } from '#server/features/plots/sql'

// The ledger's rows, which only ever grow, and the steps taken to chase an unpaid invoice.

/** A ledger entry as the API shows it (without the request id that made it). */
export const LEDGER_COLUMNS = [
  'id',
  'invoiceId',
  'kind',
  'amount',
  'method',
  'date',
  'reference',
  'createdBy',
  'createdAt',
] as const

export function ledgerEntries(tx: ReadTx, invoiceIds: readonly number[]): Promise<LedgerEntry[]> {
  if (invoiceIds.length === 0) return Promise.resolve([])
  return tx
    .selectFrom('ledger')
    .select(LEDGER_COLUMNS)
    .where('invoiceId', 'in', invoiceIds)
    .orderBy('id')
    .execute()
}

/** The entry a request made, if it made one. */
export async function entryByRequest(
  tx: ReadTx,
  requestId: string,
): Promise<LedgerEntry | undefined> {
  return (await entriesByRequest(tx, [requestId])).get(requestId)
}

/** The identity of a bank statement line's part (the first, or the second of a split line). */
export const statementLinePart = (lineId: string, part: number) => `${lineId}:${part}`

/**
 * Those of the statement lines given that were recorded already, from any statement, or tied to a
 * payment recorded by hand.
 */
export async function recordedStatementLines(
  tx: ReadTx,
  lineIds: readonly string[],
): Promise<Set<string>> {
  if (lineIds.length === 0) return new Set()
  // A line is recorded when its first part is: a line's parts are recorded together.
  const lineOf = new Map(lineIds.map((lineId) => [statementLinePart(lineId, 1), lineId]))
  const [rows, tied] = await Promise.all([
    tx
      .selectFrom('ledger')
      .select('statementLine')
      .where('statementLine', 'in', [...lineOf.keys()])
      .execute(),
    tx.selectFrom('statement_ties').select('lineId').where('lineId', 'in', lineIds).execute(),
  ])
  return new Set([
    ...rows.map((row) => lineOf.get(row.statementLine!)!),
    ...tied.map((row) => row.lineId),
  ])
}

/** The entries the requests made, by request id, of those that made one. */
export async function entriesByRequest(
  tx: ReadTx,
  requestIds: readonly string[],
): Promise<Map<string, LedgerEntry>> {
  if (requestIds.length === 0) return new Map()
  const rows = await tx
    .selectFrom('ledger')
    .select([...LEDGER_COLUMNS, 'requestId'])
    .where('requestId', 'in', requestIds)
    .execute()
  return new Map(rows.map(({ requestId, ...entry }) => [requestId, entry]))
}

// Many entries (a statement's) go in a thousand to a statement, so that thousands cost a few round
// trips; each comes back by the request that made it.
const ENTRIES_AT_ONCE = 1000

/** Adds the entries, answering each as stored, by its request id. */
export async function insertEntries(
  tx: WriteTx,
  entries: ReadonlyArray<Insertable<LedgerTable>>,
): Promise<Map<string, LedgerEntry>> {
  const stored = new Map<string, LedgerEntry>()
  for (let start = 0; start < entries.length; start += ENTRIES_AT_ONCE) {
    const rows = await tx
      .insertInto('ledger')
      .values(entries.slice(start, start + ENTRIES_AT_ONCE))
      .returning([...LEDGER_COLUMNS, 'requestId'])
      .execute()
    for (const { requestId, ...entry } of rows) stored.set(requestId, entry)
  }
  return stored
}

export async function insertEntry(
  tx: WriteTx,
  entry: Insertable<LedgerTable>,
): Promise<LedgerEntry> {
  return (await insertEntries(tx, [entry])).get(entry.requestId)!
}

/**
 * Payments and refunds dated from `from` to `to` on the invoices of the sites in scope, by date,
 * with their invoices' facts.
 */
export function paymentsBetween(tx: ReadTx, scope: SiteScope, from: string, to: string) {
  let query = tx
    .selectFrom('ledger')
    .innerJoin('invoices', 'invoices.id', 'ledger.invoiceId')
    .select([
      'ledger.id',
      'ledger.invoiceId',
      'ledger.kind',
      'ledger.amount',
      'ledger.method',
      'ledger.date',
      'ledger.reference',
      'ledger.createdBy',
      'ledger.createdAt',
      'invoices.number',
      'invoices.plotId',
      'invoices.payerName',
    ])
  if (scope.sites) query = query.where('invoices.plotId', 'in', plotIdsOn(tx, scope.sites))
  return query
    .where('ledger.kind', 'in', ['payment', 'refund'])
    .where('ledger.date', '>=', from)
    .where('ledger.date', '<=', to)
    .orderBy('ledger.date')
    .orderBy('ledger.id')
    .execute()
}

/**
 * A step taken on an unpaid invoice (a reminder, the arrears flag), counted from a due date (the
 * invoice's, or an instalment's), so it is taken once for it.
 */
export async function insertStep(
  tx: WriteTx,
  invoiceId: number,
  step: RentStep,
  date: string,
  fromDate: string,
): Promise<void> {
  await tx.insertInto('rent_steps').values({ invoiceId, step, date, fromDate }).execute()
}
