import {
  NO_ENTRIES,
  outstandingOf,
  RENT_STEPS,
  type EntrySums,
  type RentStep,
} from '#shared/domain/rent'
import type { InstalmentPlanRecord, Invoice, RentYear } from '#shared/schemas/rent'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { EVERY_SITE, type SiteScope } from '#server/core/site-scope'
import { namesAndSitesOfPlots, plotIdsOn } from '#server/features/plots/sql'

// Reads of the rent year: its years and invoices (the ledger's own reads and writes are
// ledger-sql.ts, a year's making year-sql.ts). A balance is never stored: it is the invoice's
// amount and the sums of its ledger entries, added up here on every read.

export interface InvoiceFilter {
  /**
   * The sites whose invoices are picked (issue 46): an invoice's site is its plot's, read through
   * the plot (decision 48). Required, so that no read of invoices forgets it.
   */
  scope: SiteScope
  yearId?: number
  plotId?: string
  payerId?: string
  ids?: readonly number[]
  /** A member's own: those they pay, and those of the plots they hold (issue 29). */
  member?: { personId: string; plots: readonly string[] }
}

// The invoices a filter picks, as a query of the invoices table to add to.
function picked(tx: ReadTx, filter: InvoiceFilter) {
  let query = tx.selectFrom('invoices')
  const { scope, yearId, plotId, payerId, ids, member } = filter
  if (scope.sites) query = query.where('invoices.plotId', 'in', plotIdsOn(tx, scope.sites))
  if (yearId !== undefined) query = query.where('invoices.yearId', '=', yearId)
  if (plotId !== undefined) query = query.where('invoices.plotId', '=', plotId)
  if (payerId !== undefined) query = query.where('invoices.payerId', '=', payerId)
  if (ids !== undefined) query = query.where('invoices.id', 'in', ids)
  if (member !== undefined)
    query = query.where((eb) =>
      eb.or([
        eb('invoices.payerId', '=', member.personId),
        ...(member.plots.length > 0 ? [eb('invoices.plotId', 'in', member.plots)] : []),
      ]),
    )
  return query
}

function invoiceRows(tx: ReadTx, filter: InvoiceFilter) {
  return picked(tx, filter)
    .innerJoin('rent_years', 'rent_years.id', 'invoices.yearId')
    .selectAll('invoices')
    .select('rent_years.label as yearLabel')
    .orderBy('invoices.number')
    .execute()
}

// The invoices a filter picks, as a subquery for their entries and steps.
function idsOf(tx: ReadTx, filter: InvoiceFilter) {
  return picked(tx, filter).select('invoices.id')
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
  const steps = new Map<number, Array<{ step: RentStep; date: string; from: string }>>()
  for (const { invoiceId, step, date, fromDate } of rows) {
    const list = steps.get(invoiceId) ?? []
    list.push({ step, date, from: fromDate })
    steps.set(invoiceId, list)
  }
  return steps
}

// Each invoice's latest split into instalments (decision 60), of those split.
async function plansOf(tx: ReadTx, filter: InvoiceFilter) {
  const rows = await tx
    .selectFrom('instalment_plans')
    .innerJoin('instalments', 'instalments.planId', 'instalment_plans.id')
    .select([
      'instalment_plans.invoiceId',
      'instalment_plans.version',
      'instalment_plans.coveredBefore',
      'instalment_plans.madeBy',
      'instalment_plans.madeAt',
      'instalments.dueDate',
      'instalments.amount',
    ])
    .where('instalment_plans.invoiceId', 'in', idsOf(tx, filter))
    .orderBy('instalment_plans.invoiceId')
    .orderBy('instalment_plans.version')
    .orderBy('instalments.position')
    .execute()
  const plans = new Map<number, InstalmentPlanRecord>()
  for (const { invoiceId, version, coveredBefore, madeBy, madeAt, dueDate, amount } of rows) {
    let plan = plans.get(invoiceId)
    if (plan?.version !== version) {
      plan = { version, coveredBefore, madeBy, madeAt, instalments: [] }
      plans.set(invoiceId, plan)
    }
    plan.instalments.push({ dueDate, amount })
  }
  return plans
}

/**
 * The invoices a filter picks, in number order, each with its balance, the steps it has had and
 * its instalments.
 */
export async function findInvoices(tx: ReadTx, filter: InvoiceFilter): Promise<Invoice[]> {
  const [rows, sums, steps, plans] = await Promise.all([
    invoiceRows(tx, filter),
    entrySums(tx, filter),
    stepsOf(tx, filter),
    plansOf(tx, filter),
  ])
  const plots = await namesAndSitesOfPlots(
    tx,
    rows.map((row) => row.plotId),
  )
  return rows.map((row) => {
    const entry = sums.get(row.id) ?? NO_ENTRIES
    const plot = plots.get(row.plotId)
    return {
      id: row.id,
      number: row.number,
      yearId: row.yearId,
      yearLabel: row.yearLabel,
      plotId: row.plotId,
      plotName: plot?.name ?? row.plotId,
      siteId: plot?.siteId ?? 0,
      payerId: row.payerId,
      payerName: row.payerName,
      issuedOn: row.issuedOn,
      dueDate: row.dueDate,
      amount: row.amount,
      paid: entry.payment,
      refunded: entry.refund,
      writtenOff: entry.writeoff,
      carried: entry.carry,
      paidFromCredit: entry.credit,
      cancelled: entry.cancel > 0,
      outstanding: outstandingOf(row.amount, entry),
      steps: steps.get(row.id) ?? [],
      split: plans.get(row.id) ?? null,
    }
  })
}

/** The invoice, of any site: the caller checks its site against the scope (invoice-scope.ts). */
export async function findInvoice(tx: ReadTx, id: number): Promise<Invoice | undefined> {
  return (await findInvoices(tx, { scope: EVERY_SITE, ids: [id] }))[0]
}

/**
 * What each payer still owes across every rent year, in pence; undefined while the association
 * has no rent year (what is due then comes from the plots' paid flags and fees).
 */
export async function owedByPayer(tx: ReadTx): Promise<Map<string, number> | undefined> {
  if (!(await rentYearUnderWay(tx))) return undefined
  const [invoices, sums] = await Promise.all([
    tx.selectFrom('invoices').select(['id', 'payerId', 'amount']).execute(),
    entrySums(tx, { scope: EVERY_SITE }),
  ])
  const owed = new Map<string, number>()
  for (const { id, payerId, amount } of invoices)
    owed.set(payerId, (owed.get(payerId) ?? 0) + outstandingOf(amount, sums.get(id) ?? NO_ENTRIES))
  return owed
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

export function findYear(tx: ReadTx, id: number): Promise<RentYear | undefined> {
  return tx.selectFrom('rent_years').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Whether a rent year is under way (one has started): from then on the plots' paid flags follow
 * the ledger (the paidFollowsLedger hook) and what a person owes is the ledger's balance.
 */
export async function rentYearUnderWay(tx: ReadTx): Promise<boolean> {
  return (await tx.selectFrom('rent_years').select('id').limit(1).executeTakeFirst()) !== undefined
}

/** The lines of the invoices named, in the order they were made, for printing. */
export function linesOfInvoices(tx: ReadTx, invoiceIds: readonly number[]) {
  return tx
    .selectFrom('invoice_lines')
    .select(['invoiceId', 'description', 'amount'])
    .where('invoiceId', 'in', invoiceIds)
    .orderBy('id')
    .execute()
}

/** The postal address each invoice named was made out to, by invoice id. */
export async function payerAddresses(
  tx: ReadTx,
  invoiceIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await tx
    .selectFrom('invoices')
    .select(['id', 'payerAddress'])
    .where('id', 'in', invoiceIds)
    .execute()
  return new Map(rows.map((row) => [row.id, row.payerAddress]))
}

/**
 * Makes the person's invoices another record's to pay; their ids. An erasure's are made out to the
 * marker, without an address; a merge's (issue 46) stay made out as they were written.
 */
export async function movePayer(
  tx: WriteTx,
  from: string,
  to: string,
  marker?: string,
): Promise<number[]> {
  const rows = await tx
    .updateTable('invoices')
    .set(
      marker === undefined ? { payerId: to } : { payerId: to, payerName: marker, payerAddress: '' },
    )
    .where('payerId', '=', from)
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}
