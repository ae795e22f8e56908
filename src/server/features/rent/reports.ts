import { chasedFrom, overdueOf } from '#shared/domain/instalments'
import { creditOf, invoiceTotals, RENT_STEPS } from '#shared/domain/rent'
import { daysPastDue, nextChase } from '#shared/domain/rent-chase'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentMessages } from '#shared/messages/rent'
import { commonMessages } from '#shared/messages/common'
import type {
  ArrearsInvoice,
  DueItem,
  Invoice,
  InvoiceStatement,
  LedgerEntry,
  RunningRentNotice,
  YearSummary,
} from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import type { Hooks } from '#server/core/hooks'
import { toCsv, type Column } from '#server/core/http/csv'
import { notFound } from '#server/core/errors'
import { seesSite, type SiteScope } from '#server/core/site-scope'
import { requirePersonInScope } from '#server/features/people/sql'
import { namesAndSitesOfPlots } from '#server/features/plots/sql'
import { listSites } from '#server/features/sites/sql'
import { requirePlotsInScope } from '#server/features/rent/invoice-scope'
import { ledgerEntries, paymentsBetween } from '#server/features/rent/ledger-sql'
import { rentSettings } from '#server/features/rent/settings'
import { currentYear, findInvoices, findYear, type InvoiceFilter } from '#server/features/rent/sql'

// What the treasurer and the committee read: arrears, what falls due today, the year's summary
// (which always balances, being sums of the same ledger), payments for the books, and each
// person's and plot's statement.

/**
 * Invoices of the current year on the sites in scope still owing after their due date (one in
 * instalments: after an instalment's), the most overdue first, each with the days it is past due.
 */
export async function arrears(
  { db, hooks }: { db: Db; hooks: Hooks },
  scope: SiteScope,
  today: string,
): Promise<ArrearsInvoice[]> {
  const year = await currentYear(db.kysely)
  if (!year) return []
  const invoices = (await findInvoices(db.kysely, { scope, yearId: year.id })).filter(
    (invoice) => overdueOf(invoice, today) > 0,
  )
  // Each with the notice to quit running for it, if one is (decision 61).
  const ids = invoices.map((invoice) => invoice.id)
  const notices = new Map<number, RunningRentNotice>()
  for (const running of hooks.rentNoticesRunning)
    for (const [id, notice] of await running(db.kysely, ids)) notices.set(id, notice)
  const since = (invoice: Invoice) => chasedFrom(invoice) ?? invoice.dueDate
  return invoices
    .map((invoice) => ({
      ...invoice,
      daysPastDue: daysPastDue(invoice, today),
      noticeToQuit: notices.get(invoice.id) ?? null,
    }))
    .sort(
      (a, b) =>
        since(a).localeCompare(since(b)) ||
        overdueOf(b, today) - overdueOf(a, today) ||
        a.number - b.number,
    )
}

/**
 * The reminders and arrears flags of the sites in scope that fall due today, or are overdue and
 * not yet done.
 */
export async function dueToday(db: Db, scope: SiteScope, today: string): Promise<DueItem[]> {
  const year = await currentYear(db.kysely)
  if (!year) return []
  const [invoices, settings] = await Promise.all([
    findInvoices(db.kysely, { scope, yearId: year.id }),
    rentSettings(db.kysely),
  ])
  const due: DueItem[] = []
  for (const invoice of invoices) {
    for (const done of invoice.steps.filter((step) => step.date === today))
      due.push({ invoice, step: done.step, date: done.date, done: true })
    const next = nextChase(invoice, settings.reminderDays)
    if (next && next.date <= today)
      due.push({ invoice, step: next.step, date: next.date, done: false })
  }
  return due.sort(
    (a, b) =>
      RENT_STEPS.indexOf(b.step) - RENT_STEPS.indexOf(a.step) ||
      a.invoice.number - b.invoice.number,
  )
}

/**
 * A year's totals on the sites in scope, each the sum of the same entries the invoices' balances
 * are made of.
 */
export async function yearSummary(db: Db, scope: SiteScope, yearId: number): Promise<YearSummary> {
  const year = await findYear(db.kysely, yearId)
  if (!year) throw notFound(rentMessages.rentYearMissing)
  const invoices = await findInvoices(db.kysely, { scope, yearId })
  return { yearId, label: year.label, ...invoiceTotals(invoices) }
}

/**
 * The invoices a filter picks (a person's, a plot's) with every entry on them, and the credit
 * they hold (a person's: the invoices they pay).
 */
export async function statement(db: Db, filter: InvoiceFilter): Promise<InvoiceStatement> {
  const invoices = await findInvoices(db.kysely, filter)
  const entries = await ledgerEntries(
    db.kysely,
    invoices.map((invoice) => invoice.id),
  )
  return { invoices, entries, credit: creditOf(invoices) }
}

/**
 * A person's statement: the invoices they pay on the sites in scope. A limited viewer is refused
 * (403) a person they reach neither by an invoice nor by people's rule (their plots and list).
 */
export async function personStatement(
  db: Db,
  scope: SiteScope,
  personId: string,
): Promise<InvoiceStatement> {
  const answer = await statement(db, { scope, payerId: personId })
  if (scope.sites && answer.invoices.length === 0)
    await requirePersonInScope(db.kysely, scope, personId)
  return answer
}

/** A plot's statement: its invoices; 403 for a plot of a site outside the scope. */
export async function plotStatement(
  db: Db,
  scope: SiteScope,
  plotId: string,
): Promise<InvoiceStatement> {
  await requirePlotsInScope(db.kysely, scope, [plotId])
  return statement(db, { scope, plotId })
}

type PaymentRow = LedgerEntry & { number: number; plotName: string; payerName: string }

const PAYMENT_COLUMNS: Column<PaymentRow>[] = [
  { header: 'Date', cell: (row) => row.date },
  { header: 'Kind', cell: (row) => invoiceMessages.entryKind[row.kind] },
  { header: 'Invoice', cell: (row) => row.number },
  { header: 'Plot', cell: (row) => row.plotName },
  { header: 'Payer', cell: (row) => row.payerName },
  {
    header: 'Method',
    cell: (row) => (row.method ? invoiceMessages.paymentMethod[row.method] : ''),
  },
  { header: 'Reference', cell: (row) => row.reference },
  // Money in is positive, money out (a refund) negative; write-offs move no money. A number in
  // pounds, so that a spreadsheet adds refunds up with the rest.
  {
    header: 'Amount',
    cell: (row) => (row.kind === 'refund' ? -row.amount : row.amount) / 100,
    decimals: 2,
  },
  { header: 'Recorded by', cell: (row) => row.createdBy },
]

/**
 * Payments and refunds on the sites in scope dated in the range, by date, as CSV for the
 * treasurer's books.
 */
export async function paymentsCsv(
  db: Db,
  scope: SiteScope,
  from: string,
  to: string,
): Promise<string> {
  const [rows, sites] = await Promise.all([
    paymentsBetween(db.kysely, scope, from, to),
    listSites(db.kysely),
  ])
  const plots = await namesAndSitesOfPlots(
    db.kysely,
    rows.map((row) => row.plotId),
  )
  // A plot by its name (another site's "1" is keyed "1-2"), with its site where the books span
  // several: "1 (Northfield)".
  const seen = sites.filter((site) => seesSite(scope, site.id))
  const siteNames = new Map(seen.map((site) => [site.id, site.name]))
  const plotName = (key: string) => {
    const plot = plots.get(key)
    if (!plot) return key
    const site = seen.length > 1 ? siteNames.get(plot.siteId) : undefined
    return site ? commonMessages.plotOnSite(plot.name, site) : plot.name
  }
  return toCsv(
    PAYMENT_COLUMNS,
    rows.map((row) => ({ ...row, plotName: plotName(row.plotId) })),
  )
}
