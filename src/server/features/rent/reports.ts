import { creditOf, creditOn, nextStep, stepDate, RENT_STEPS } from '#shared/domain/rent'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentMessages } from '#shared/messages/rent'
import type {
  DueItem,
  Invoice,
  InvoiceStatement,
  LedgerEntry,
  YearSummary,
} from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import { toCsv, type Column } from '#server/core/http/csv'
import { notFound } from '#server/core/errors'
import { ledgerEntries, paymentsBetween } from '#server/features/rent/ledger-sql'
import { rentSettings } from '#server/features/rent/settings'
import { currentYear, findInvoices, findYear, type InvoiceFilter } from '#server/features/rent/sql'

// What the treasurer and the committee read: arrears, what falls due today, the year's summary
// (which always balances, being sums of the same ledger), payments for the books, and each
// person's and plot's statement.

/** Invoices of the current year still owing after their due date, the most overdue first. */
export async function arrears(db: Db, today: string): Promise<Invoice[]> {
  const year = await currentYear(db.kysely)
  if (!year) return []
  const invoices = await findInvoices(db.kysely, { yearId: year.id })
  return invoices
    .filter((invoice) => invoice.outstanding > 0 && invoice.dueDate < today)
    .sort(
      (a, b) =>
        a.dueDate.localeCompare(b.dueDate) || b.outstanding - a.outstanding || a.number - b.number,
    )
}

/** The reminders and arrears flags that fall due today, or are overdue and not yet done. */
export async function dueToday(db: Db, today: string): Promise<DueItem[]> {
  const year = await currentYear(db.kysely)
  if (!year) return []
  const [invoices, settings] = await Promise.all([
    findInvoices(db.kysely, { yearId: year.id }),
    rentSettings(db.kysely),
  ])
  const due: DueItem[] = []
  for (const invoice of invoices) {
    for (const done of invoice.steps.filter((step) => step.date === today))
      due.push({ invoice, step: done.step, date: done.date, done: true })
    if (invoice.cancelled || invoice.outstanding <= 0) continue
    const step = nextStep(invoice.steps.map((done) => done.step))
    if (!step) continue
    const date = stepDate(invoice.dueDate, step, settings.reminderDays)
    if (date <= today) due.push({ invoice, step, date, done: false })
  }
  return due.sort(
    (a, b) =>
      RENT_STEPS.indexOf(b.step) - RENT_STEPS.indexOf(a.step) ||
      a.invoice.number - b.invoice.number,
  )
}

/** A year's totals, each the sum of the same entries the invoices' balances are made of. */
export async function yearSummary(db: Db, yearId: number): Promise<YearSummary> {
  const year = await findYear(db.kysely, yearId)
  if (!year) throw notFound(rentMessages.rentYearMissing)
  const invoices = await findInvoices(db.kysely, { yearId })
  const sum = (pick: (invoice: Invoice) => number) =>
    invoices.reduce((total, invoice) => total + pick(invoice), 0)
  // What a cancellation took off: whatever of the amount the other entries do not explain.
  const cancelled = sum(
    (invoice) =>
      invoice.amount -
      invoice.paid +
      invoice.refunded -
      invoice.writtenOff +
      invoice.carried -
      invoice.paidFromCredit -
      invoice.outstanding,
  )
  return {
    yearId,
    label: year.label,
    invoices: invoices.length,
    invoiced: sum((invoice) => invoice.amount),
    received: sum((invoice) => invoice.paid),
    refunded: sum((invoice) => invoice.refunded),
    writtenOff: sum((invoice) => invoice.writtenOff),
    cancelled,
    carried: sum((invoice) => invoice.carried),
    paidFromCredit: sum((invoice) => invoice.paidFromCredit),
    outstanding: sum((invoice) => Math.max(0, invoice.outstanding)),
    credit: sum(creditOn),
  }
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

type PaymentRow = LedgerEntry & { number: number; plotId: string; payerName: string }

const PAYMENT_COLUMNS: Column<PaymentRow>[] = [
  { header: 'Date', cell: (row) => row.date },
  { header: 'Kind', cell: (row) => invoiceMessages.entryKind[row.kind] },
  { header: 'Invoice', cell: (row) => row.number },
  { header: 'Plot', cell: (row) => row.plotId },
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

/** Payments and refunds dated in the range, by date, as CSV for the treasurer's books. */
export async function paymentsCsv(db: Db, from: string, to: string): Promise<string> {
  const rows = await paymentsBetween(db.kysely, from, to)
  return toCsv(PAYMENT_COLUMNS, rows)
}
