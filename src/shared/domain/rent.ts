import { rentMessages } from '#shared/messages/rent'
import { addDays } from '#shared/domain/dates'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { feePence, MAX_PENCE, penceText, RATE_PER_PENNY, rateText } from '#shared/domain/money'
import { areaTenths, areaText, halfUp, type AreaUnit, type SizeBand } from '#shared/domain/area'
import { plotMessages } from '#shared/messages/plots'
import { waysOf, type Addressee } from '#shared/domain/message-copies'
import type { PartYearRule } from '#shared/domain/part-year'
import type { Invoice, YearSummary } from '#shared/schemas/rent'

// The rent year's rules as pure functions: what an invoice charges, what a ledger entry may be,
// what an invoice's balance is, when it is chased. The server runs them inside its transactions
// on fresh rows; the screens use them to explain.

/**
 * A payment larger than owed leaves the invoice in credit (a balance below nought); `carry` takes
 * credit off the invoice that holds it and `credit` pays another invoice with it, always as a pair
 * (decision 33).
 */
export const ENTRY_KINDS = ['payment', 'refund', 'writeoff', 'cancel', 'carry', 'credit'] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]
export const PAYMENT_METHODS = ['cash', 'cheque', 'transfer', 'card'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
/** What happens to an unpaid invoice, in order, a number of days after its due date. */
export const RENT_STEPS = ['first', 'second', 'arrears'] as const
export type RentStep = (typeof RENT_STEPS)[number]

export interface RentRules {
  yearStart: string
  daysToPay: number
  chargeBasis: 'fee' | 'area'
  /** The unit areas are typed and read in, and the rate is per. */
  areaUnit: AreaUnit
  /** Per square metre or per rod (areaUnit), in hundredths of a penny (money.ts). */
  areaRate: number
  /** The rent of a plot let as a full, half or quarter plot, in pence, whatever the basis. */
  bandFees: Record<SizeBand, number>
  concessionPercent: number
  extras: ReadonlyArray<{ name: string; amount: number }>
  paymentInstructions: string
  reminderDays: Record<RentStep, number>
  /** What a plot let after the year started is charged (issue 43). */
  partYear: PartYearRule
  /** The notice, in months, before a raised rate may take effect (decision 62). */
  raiseNoticeMonths: number
}

export const DEFAULT_RENT_SETTINGS: RentRules = {
  yearStart: '10-01',
  daysToPay: 30,
  chargeBasis: 'fee',
  areaUnit: 'squareMetre',
  areaRate: 0,
  bandFees: { full: 0, half: 0, quarter: 0 },
  concessionPercent: 0,
  extras: [],
  paymentInstructions: '',
  reminderDays: { first: 14, second: 28, arrears: 40 },
  partYear: 'months',
  raiseNoticeMonths: 12,
}

// Calendar arithmetic on ISO days lives with the other dates; rent's callers import it from here.
export { addDays }

/** Whether a day of the year (MM-DD) is in every year: 30 February and 29 February are not. */
export function everyYearHas(monthDay: string): boolean {
  const [month = 0, day = 0] = monthDay.split('-').map(Number)
  const date = new Date(Date.UTC(2001, month - 1, day))
  return day >= 1 && date.getUTCMonth() === month - 1
}

/** The rent year that starts on `startDate`, as people name it: 2026/27. */
export function yearLabel(startDate: string): string {
  const year = Number(startDate.slice(0, 4))
  const next = String((year + 1) % 100).padStart(2, '0')
  return startDate.endsWith('-01-01') ? String(year) : `${year}/${next}`
}

/** The same day of the month `years` years on (or back); 29 February becomes the 28th. */
export function yearsOn(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const monthDay = date.slice(5) === '02-29' && !leap ? '02-28' : date.slice(5)
  return `${String(year).padStart(4, '0')}-${monthDay}`
}

/**
 * Whether a rent year may start on `startDate`: from a year before today to a year after. A
 * start beyond that is a slip of the keyboard (9999-12-31 made a year that never ended, and
 * put every plot in arrears), refused before anything is made or sent.
 */
export function checkYearStart(startDate: string, today: string): Outcome<string> {
  const earliest = yearsOn(today, -1)
  const latest = yearsOn(today, 1)
  return startDate >= earliest && startDate <= latest
    ? ok(startDate)
    : refuse(rentMessages.yearStartOutOfRange(earliest, latest))
}

/** The start of the rent year `today` is in (`yearStart`, MM-DD): today's when it starts today. */
export function currentYearStart(today: string, yearStart: string): string {
  const thisYear = `${today.slice(0, 4)}-${yearStart}`
  return thisYear <= today ? thisYear : yearsOn(thisYear, -1)
}

/** The start of the rent year after the one `today` is in. */
export const nextYearStart = (today: string, yearStart: string) =>
  yearsOn(currentYearStart(today, yearStart), 1)

/**
 * The start a new rent year is offered with: the start of the year the society is in, until that
 * is started; then the first after it not yet started. The next year's start, offered in November
 * (issue 43), invoiced a year ahead and left the year under way without any; a start already
 * past does not make an invoice overdue, as its due date runs from the day it is issued.
 */
export function suggestedYearStart(
  started: readonly string[],
  yearStart: string,
  today: string,
): string {
  let start = currentYearStart(today, yearStart)
  while (started.includes(start)) start = yearsOn(start, 1)
  return start
}

/**
 * The day an invoice issued on `issuedOn` is due: the days to pay after the year's start, or after
 * the issue when the start has passed, so that no invoice is overdue the day it is sent and every
 * payer has all the days to pay.
 */
export const invoiceDueDate = (startDate: string, issuedOn: string, daysToPay: number) =>
  addDays(startDate > issuedOn ? startDate : issuedOn, daysToPay)

/** What starting a year sends at once: its invoices, as e-mails and as letters to print and post. */
export interface Sending {
  invoices: number
  emails: number
  letters: number
}

/** The invoices to these payers, counted by the ways each payer is reached (both: one of each). */
export function sendingTo(payers: ReadonlyArray<Pick<Addressee, 'email' | 'contactBy'>>): Sending {
  const ways = payers.map(waysOf)
  return {
    invoices: payers.length,
    emails: ways.filter((way) => way.includes('email')).length,
    letters: ways.filter((way) => way.includes('post')).length,
  }
}

export const sameSending = (a: Sending, b: Sending) =>
  a.invoices === b.invoices && a.emails === b.emails && a.letters === b.letters

/** The reference a payer quotes, and the bank statement shows. */
export const invoiceReference = (number: number) => `INV-${number}`

export interface Chargeable {
  /** Pounds and pence, as the plot's record gives it. */
  fee: number
  /** Square metres. */
  area: number
  sizeBand: SizeBand | null
}

export type ChargeRules = Pick<RentRules, 'chargeBasis' | 'areaUnit' | 'areaRate' | 'bandFees'>

/**
 * A plot's rent, saying how it was worked out: a full, half or quarter plot at its band's fee;
 * else the plot's fee, or its area in the society's unit (rods to a tenth, as the society reads
 * them) at the rate. A rate keeps its fraction of a penny; the line's amount is rounded to the
 * penny, half a penny up, once.
 */
export function rentLine(plot: Chargeable, rules: ChargeRules) {
  if (plot.sizeBand)
    return {
      description: plotMessages.sizeBand[plot.sizeBand],
      amount: rules.bandFees[plot.sizeBand],
    }
  if (rules.chargeBasis === 'fee') return { description: 'Rent', amount: feePence(plot.fee) }
  // Rods in tenths, square metres whole: either times the rate stays a safe integer.
  const [quantity, per] =
    rules.areaUnit === 'rod'
      ? [areaTenths(plot.area, 'rod'), 10 * RATE_PER_PENNY]
      : [plot.area, RATE_PER_PENNY]
  return {
    description: `${areaText(plot.area, rules.areaUnit)} at ${rateText(rules.areaRate)}`,
    amount: halfUp(quantity * rules.areaRate, per),
  }
}

export const linesTotal = (lines: ReadonlyArray<{ amount: number }>) =>
  lines.reduce((sum, line) => sum + line.amount, 0)

/**
 * A plot's invoice total, when neither it nor any of its lines is more than one amount may be
 * (MAX_PENCE): what bounds every sum the ledger can make of it. Without this, a large plot at a
 * high rate (1,000,000 m² at £100) made an invoice no money column was meant to hold.
 */
export function checkInvoice(
  plot: string,
  lines: ReadonlyArray<{ amount: number }>,
): Outcome<number> {
  const total = linesTotal(lines)
  const largest = Math.max(total, ...lines.map((line) => Math.abs(line.amount)))
  return largest > MAX_PENCE
    ? refuse(rentMessages.invoiceTooLarge(plot, penceText(largest), penceText(MAX_PENCE)))
    : ok(total)
}

export type EntrySums = Record<EntryKind, number>

export const NO_ENTRIES: EntrySums = {
  payment: 0,
  refund: 0,
  writeoff: 0,
  cancel: 0,
  carry: 0,
  credit: 0,
}

/**
 * What is still owed: the invoice, less what was paid (net of refunds, and with credit carried to
 * another invoice or brought from one), written off or cancelled. Below nought, the invoice is in
 * credit: paid more than it asked.
 */
export const outstandingOf = (amount: number, sums: EntrySums) =>
  amount - sums.payment + sums.refund - sums.writeoff - sums.cancel + sums.carry - sums.credit

/** The money an invoice holds: paid on it or brought to it as credit, less refunds and carries. */
const heldOn = (sums: EntrySums) => sums.payment + sums.credit - sums.refund - sums.carry

/** What of an invoice's balance is credit, the payer's to use or have back. */
export const creditOn = (invoice: { outstanding: number; cancelled: boolean }) =>
  invoice.cancelled ? 0 : Math.max(0, -invoice.outstanding)

/**
 * The totals of invoices (a year's, of the sites in scope), each the sum of the same entries the
 * invoices' balances are made of: the year's summary and the council report (decision 52).
 */
export function invoiceTotals(invoices: readonly Invoice[]): Omit<YearSummary, 'yearId' | 'label'> {
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

/** A payer's credit: what their invoices were paid beyond what they ask. */
export const creditOf = (invoices: ReadonlyArray<{ outstanding: number; cancelled: boolean }>) =>
  invoices.reduce((sum, invoice) => sum + creditOn(invoice), 0)

/** Credit moved from an invoice in credit to one that owes: a carry on one, a credit on the other. */
export interface CreditMove {
  from: number
  to: number
  amount: number
}

/**
 * How a payer's credit pays their invoices that owe: the oldest credit first to the oldest
 * invoice, each move no more than the one holds and the other owes.
 */
export function creditMoves(
  invoices: ReadonlyArray<{ id: number; outstanding: number; cancelled: boolean }>,
): CreditMove[] {
  const sources = invoices
    .filter((invoice) => creditOn(invoice) > 0)
    .map((invoice) => ({ id: invoice.id, left: creditOn(invoice) }))
  const moves: CreditMove[] = []
  for (const target of invoices) {
    if (target.cancelled || target.outstanding <= 0) continue
    let owed = target.outstanding
    for (const source of sources) {
      if (owed === 0) break
      const amount = Math.min(owed, source.left)
      if (amount === 0) continue
      moves.push({ from: source.id, to: target.id, amount })
      source.left -= amount
      owed -= amount
    }
  }
  return moves
}

/**
 * A payment set against an invoice, as the treasurer matching it reads it: short of what is owed
 * (still recorded), or over it (the rest kept as the payer's credit); nothing when it is exact.
 */
export function paymentNote(amount: number, outstanding: number): string | null {
  if (amount < outstanding)
    return rentMessages.paymentShort(penceText(outstanding - amount), penceText(outstanding))
  if (amount > outstanding)
    return rentMessages.paymentOver(penceText(amount - Math.max(0, outstanding)))
  return null
}

/**
 * Whether an entry may be added to an invoice, and its amount (a cancellation takes what is
 * still owed). Refusals carry the message the treasurer reads.
 */
export function checkEntry(
  invoice: { amount: number; sums: EntrySums },
  kind: EntryKind,
  amount: number | undefined,
): Outcome<number> {
  const { sums } = invoice
  if (sums.cancel > 0) return refuse(rentMessages.invoiceCancelled)
  const outstanding = outstandingOf(invoice.amount, sums)
  const netPaid = heldOn(sums)
  switch (kind) {
    // A payment is taken in full: what it pays beyond the balance is the payer's credit.
    case 'payment':
      if (outstanding <= 0) return refuse(rentMessages.invoiceSettled)
      if (amount === undefined) return refuse(rentMessages.amountWholePence)
      return ok(amount)
    case 'credit':
      if (outstanding <= 0) return refuse(rentMessages.invoiceSettled)
      if (amount === undefined) return refuse(rentMessages.amountWholePence)
      return amount > outstanding
        ? refuse(rentMessages.creditTooLarge(penceText(outstanding)))
        : ok(amount)
    case 'carry':
      if (amount === undefined) return refuse(rentMessages.amountWholePence)
      return amount > -outstanding
        ? refuse(rentMessages.carryTooLarge(penceText(Math.max(0, -outstanding))))
        : ok(amount)
    case 'refund':
      if (amount === undefined) return refuse(rentMessages.amountWholePence)
      return amount > netPaid ? refuse(rentMessages.refundTooLarge(penceText(netPaid))) : ok(amount)
    case 'writeoff':
      if (outstanding <= 0) return refuse(rentMessages.invoiceSettled)
      if (amount === undefined) return ok(outstanding)
      return amount > outstanding
        ? refuse(rentMessages.writeOffTooLarge(penceText(outstanding)))
        : ok(amount)
    case 'cancel':
      if (netPaid > 0) return refuse(rentMessages.cancelAfterPayment)
      // Cancelling takes what is owed: with nothing owed there is nothing to cancel.
      return outstanding <= 0 ? refuse(rentMessages.invoiceSettled) : ok(outstanding)
  }
}

/**
 * The day a step falls due for an invoice due on `dueDate`: at least a day after it (the settings'
 * days are 1 or more), so never on the day of issue nor within the days to pay.
 */
export const stepDate = (dueDate: string, step: RentStep, days: Record<RentStep, number>) =>
  addDays(dueDate, days[step])

/** The next step an unpaid invoice has not yet had, if any. */
export const nextStep = (done: readonly RentStep[]): RentStep | undefined =>
  RENT_STEPS.find((step) => !done.includes(step))

/** The invoice numbers a statement line's words quote (INV-123, or "inv 123"). */
export const quotedInvoices = (reference: string) =>
  [...reference.matchAll(/inv[\s\-_.#:]*0*(\d{1,9})/gi)].map((m) => Number(m[1]))

/**
 * The invoice a bank statement line pays: the invoice whose reference (INV-123, or "inv 123")
 * the line quotes, when it still owes (a payment of more is taken, the rest kept as credit).
 */
export function matchStatementLine<
  T extends { number: number; outstanding: number; cancelled: boolean },
>(
  line: { amount: number; reference: string },
  invoicesByNumber: ReadonlyMap<number, T>,
): { invoice: T | null; problem: string | null } {
  if (line.amount <= 0) return { invoice: null, problem: rentMessages.statementNotPayment }
  const invoice = quotedInvoices(line.reference)
    .map((n) => invoicesByNumber.get(n))
    .find((found) => found !== undefined)
  if (!invoice) return { invoice: null, problem: rentMessages.statementNoInvoice }
  if (invoice.cancelled) return { invoice: null, problem: rentMessages.invoiceCancelled }
  if (invoice.outstanding <= 0) return { invoice: null, problem: rentMessages.invoiceSettled }
  return { invoice, problem: null }
}
