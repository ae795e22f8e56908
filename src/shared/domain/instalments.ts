import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { penceText } from '#shared/domain/money'
import type { RentStep } from '#shared/domain/rent'
import { instalmentMessages } from '#shared/messages/instalments'

// An invoice paid in instalments (issue 47, item 3, decision 60). The invoice stays one invoice
// and its payments stay against it: the ledger does not know of instalments. What was paid since
// the split settles the instalments in due-date order, so any payment in any amount keeps the
// instalments' balances summing to the invoice's. The reminders count from the earliest unpaid
// instalment's due date, not the invoice's.

/** At most two years of monthly instalments. */
export const MAX_INSTALMENTS = 24

export interface Instalment {
  dueDate: string
  amount: number
}

/** A split as stored: its instalments, and what of the invoice was settled before it was made. */
export interface InstalmentPlan {
  /** The invoice's amount less what it owed when split (paid, written off, credit used). */
  coveredBefore: number
  instalments: readonly Instalment[]
}

export interface InstalmentState extends Instalment {
  paid: number
  outstanding: number
  overdue: boolean
}

/** How the committee splits: into a number of instalments, or in instalments of an amount. */
export type SplitBy = { count: number } | { amount: number }

/** The day `months` months after `first`, on the same day, or the month's last when it has none. */
export function monthOn(first: string, months: number): string {
  const [year = 0, month = 1, day = 1] = first.split('-').map(Number)
  const index = year * 12 + month - 1 + months
  const toYear = Math.floor(index / 12)
  const toMonth = (index % 12) + 1
  const lastDay = new Date(Date.UTC(toYear, toMonth, 0)).getUTCDate()
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(toYear, 4)}-${pad(toMonth)}-${pad(Math.min(day, lastDay))}`
}

/**
 * The instalments of `owed` pence, monthly from `firstDue`: equal whole pence (a count) or the
 * amount chosen, the last taking what is left, so that they sum to `owed` exactly.
 */
export function splitInstalments(
  owed: number,
  firstDue: string,
  by: SplitBy,
): Outcome<Instalment[]> {
  if (owed <= 0) return refuse(instalmentMessages.nothingOwed)
  let count: number
  let each: number
  if ('count' in by) {
    count = by.count
    if (!Number.isInteger(count) || count < 2 || count > MAX_INSTALMENTS)
      return refuse(instalmentMessages.countRange(MAX_INSTALMENTS), 'count')
    each = Math.floor(owed / count)
    if (each < 1) return refuse(instalmentMessages.tooManyForOwed(penceText(owed)), 'count')
  } else {
    each = by.amount
    if (!Number.isInteger(each) || each < 1 || each >= owed)
      return refuse(instalmentMessages.amountBelowOwed(penceText(owed)), 'amount')
    count = Math.ceil(owed / each)
    if (count > MAX_INSTALMENTS)
      return refuse(instalmentMessages.amountTooSmall(MAX_INSTALMENTS), 'amount')
  }
  return ok(
    Array.from({ length: count }, (_, index) => ({
      dueDate: monthOn(firstDue, index),
      amount: index === count - 1 ? owed - each * (count - 1) : each,
    })),
  )
}

/**
 * Each instalment's part of the invoice's balance on `today`: what has been settled since the split
 * pays them in due-date order. Money settled before the split and given back after it (a refund)
 * is owed again with the first instalment. Their outstanding sums to the invoice's outstanding
 * whenever it owes; an invoice in credit has every instalment paid.
 */
export function settleInstalments(
  plan: InstalmentPlan,
  invoice: { amount: number; outstanding: number },
  today: string,
): InstalmentState[] {
  const settledSince = invoice.amount - invoice.outstanding - plan.coveredBefore
  let left = Math.max(0, settledSince)
  const owedAgain = Math.max(0, -settledSince)
  return plan.instalments.map((instalment, index) => {
    const paid = Math.min(left, instalment.amount)
    left -= paid
    const outstanding = instalment.amount - paid + (index === 0 ? owedAgain : 0)
    return {
      ...instalment,
      paid,
      outstanding,
      overdue: outstanding > 0 && instalment.dueDate < today,
    }
  })
}

export interface Chased {
  dueDate: string
  amount: number
  outstanding: number
  cancelled: boolean
  split: InstalmentPlan | null
  steps: ReadonlyArray<{ step: RentStep; from: string }>
}

/** What of an invoice is overdue on `today`: its overdue instalments', or all it owes once due. */
export function overdueOf(invoice: Chased, today: string): number {
  if (invoice.cancelled || invoice.outstanding <= 0) return 0
  if (!invoice.split) return invoice.dueDate < today ? invoice.outstanding : 0
  return settleInstalments(invoice.split, invoice, today)
    .filter((instalment) => instalment.overdue)
    .reduce((sum, instalment) => sum + instalment.outstanding, 0)
}

/**
 * The due date an unpaid invoice is chased from: its earliest unpaid instalment's, or its own;
 * none when nothing is owed.
 */
export function chasedFrom(invoice: Chased): string | undefined {
  if (invoice.cancelled || invoice.outstanding <= 0) return undefined
  if (!invoice.split) return invoice.dueDate
  return settleInstalments(invoice.split, invoice, '').find(
    (instalment) => instalment.outstanding > 0,
  )?.dueDate
}
