import {
  NO_ENTRIES,
  outstandingOf,
  RENT_STEPS,
  type EntrySums,
  type RentStep,
} from '#shared/domain/rent'
import type { Invoice, LedgerEntry, RentYear } from '#shared/schemas/rent'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// Reads of the rent year. A balance is never stored: it is the invoice's amount and the sums of
// its ledger entries, added up here on every read.

export interface InvoiceFilter {
  yearId?: number
  plotId?: string
  payerId?: string
  ids?: readonly number[]
}

function invoiceRows(tx: ReadTx, filter: InvoiceFilter) {
  let query = tx
    .selectFrom('invoices')
    .innerJoin('rent_years', 'rent_years.id', 'invoices.yearId')
    .selectAll('invoices')
    .select('rent_years.label as yearLabel')
  if (filter.yearId !== undefined) query = query.where('invoices.yearId', '=', filter.yearId)
  if (filter.plotId !== undefined) query = query.where('invoices.plotId', '=', filter.plotId)
  if (filter.payerId !== undefined) query = query.where('invoices.payerId', '=', filter.payerId)
  if (filter.ids !== undefined) query = query.where('invoices.id', 'in', filter.ids)
  return query.orderBy('invoices.number').execute()
}

// The invoices a filter picks, as a subquery for their entries and steps.
function idsOf(tx: ReadTx, filter: InvoiceFilter) {
  let query = tx.selectFrom('invoices').select('id')
  if (filter.yearId !== undefined) query = query.where('yearId', '=', filter.yearId)
  if (filter.plotId !== undefined) query = query.where('plotId', '=', filter.plotId)
  if (filter.payerId !== undefined) query = query.where('payerId', '=', filter.payerId)
  if (filter.ids !== undefined) query = query.where('id', 'in', filter.ids)
  return query
}

/** Each invoice's entries summed by kind. */
export async function entrySums(
  tx: ReadTx,
  filter: InvoiceFilter,
): Promise<Map<number, EntrySums>> {
  const rows = await tx
    .selectFrom('ledger')
    .select((eb) => ['invoiceId', 'kind', eb.fn.sum<number | string>('amount').as('total')])
    .where('invoiceId', 'in', idsOf(tx, filter))
    .groupBy(['invoiceId', 'kind'])
    .execute()
  const sums = new Map<number, EntrySums>()
  for (const row of rows) {
    const entry = sums.get(row.invoiceId) ?? { ...NO_ENTRIES }
    entry[row.kind] = Number(row.total)
    sums.set(row.invoiceId, entry)
  }
  return sums
}

async function stepsOf(tx: ReadTx, filter: InvoiceFilter) {
  const rows = await tx
    .selectFrom('rent_steps')
    .selectAll()
    .where('invoiceId', 'in', idsOf(tx, filter))
    .execute()
  rows.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || RENT_STEPS.indexOf(a.step) - RENT_STEPS.indexOf(b.step),
  )
  const steps = new Map<number, Array<{ step: RentStep; date: string }>>()
  for (const { invoiceId, step, date } of rows) {
    const list = steps.get(invoiceId) ?? []
    list.push({ step, date })
    steps.set(invoiceId, list)
  }
  return steps
}

/** The invoices a filter picks, in number order, each with its balance and the steps it has had. */
export async function findInvoices(tx: ReadTx, filter: InvoiceFilter = {}): Promise<Invoice[]> {
  const [rows, sums, steps] = await Promise.all([
    invoiceRows(tx, filter),
    entrySums(tx, filter),
    stepsOf(tx, filter),
  ])
  return rows.map((row) => {
    const entry = sums.get(row.id) ?? NO_ENTRIES
    return {
      id: row.id,
      number: row.number,
      yearId: row.yearId,
      yearLabel: row.yearLabel,
      plotId: row.plotId,
      payerId: row.payerId,
      payerName: row.payerName,
      issuedOn: row.issuedOn,
      dueDate: row.dueDate,
      amount: row.amount,
      paid: entry.payment,
      refunded: entry.refund,
      writtenOff: entry.writeoff,
      cancelled: entry.cancel > 0,
      outstanding: outstandingOf(row.amount, entry),
      steps: steps.get(row.id) ?? [],
    }
  })
}

export async function findInvoice(tx: ReadTx, id: number): Promise<Invoice | undefined> {
  return (await findInvoices(tx, { ids: [id] }))[0]
}

/**
 * What each payer still owes across every rent year, in pence; undefined while the association
 * has no rent year (what is due then comes from the plots' paid flags and fees).
 */
export async function owedByPayer(tx: ReadTx): Promise<Map<string, number> | undefined> {
  if (!(await tx.selectFrom('rent_years').select('id').limit(1).executeTakeFirst())) return undefined
  const [invoices, sums] = await Promise.all([
    tx.selectFrom('invoices').select(['id', 'payerId', 'amount']).execute(),
    entrySums(tx, {}),
  ])
  const owed = new Map<string, number>()
  for (const { id, payerId, amount } of invoices)
    owed.set(
      payerId,
      (owed.get(payerId) ?? 0) + outstandingOf(amount, sums.get(id) ?? NO_ENTRIES),
    )
  return owed
}

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

export function invoiceLinesOf(tx: ReadTx, invoiceId: number) {
  return tx
    .selectFrom('invoice_lines')
    .select(['description', 'amount'])
    .where('invoiceId', '=', invoiceId)
    .orderBy('id')
    .execute()
}

/** The rent year now: the one started last. The spec's paid flag follows its invoices. */
export function currentYear(tx: ReadTx): Promise<RentYear | undefined> {
  return tx
    .selectFrom('rent_years')
    .selectAll()
    .orderBy('startDate', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export function listYears(tx: ReadTx): Promise<RentYear[]> {
  return tx.selectFrom('rent_years').selectAll().orderBy('startDate', 'desc').execute()
}

/**
 * Sets the plots' paid flag from the ledger: a plot is paid when none of its invoices of the
 * current rent year still owes money. Runs inside every write that changes what is owed, so the
 * flag the plots filters and the map read can never disagree with the money. Without a rent year
 * the flag stays the committee's to set by hand.
 */
export async function settlePaidFlags(tx: WriteTx, plotIds?: readonly string[]): Promise<void> {
  const year = await currentYear(tx)
  if (!year) return
  const invoices = await findInvoices(
    tx,
    plotIds?.length === 1 ? { yearId: year.id, plotId: plotIds[0]! } : { yearId: year.id },
  )
  const owing = new Set(
    invoices.filter((invoice) => invoice.outstanding > 0).map((invoice) => invoice.plotId),
  )
  const plots = plotIds ?? (await tx.selectFrom('plots').select('id').execute()).map((p) => p.id)
  const paid = plots.filter((id) => !owing.has(id))
  const unpaid = plots.filter((id) => owing.has(id))
  for (const [ids, flag] of [
    [paid, 1],
    [unpaid, 0],
  ] as const) {
    for (let start = 0; start < ids.length; start += 1_000)
      await tx
        .updateTable('plots')
        .set({ paid: flag })
        .where('id', 'in', ids.slice(start, start + 1_000))
        .where('paid', '!=', flag)
        .execute()
  }
}
