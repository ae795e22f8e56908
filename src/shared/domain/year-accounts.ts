import type { BankCategory } from '#shared/domain/bank-lines'

// The receipts and payments account of a financial year (issue 47, item 5), as a small charity
// prepares it for its AGM and the Charity Commission: the money in by category, the money out by
// category, and the bank balance at each end; and, at the year's end, money the association holds
// for others (deposits), which is not its own. Every amount is whole pence.

/** A category's money in and out over the year, as the database adds it up; null: uncategorised. */
export interface CategorySum {
  categoryKey: string | null
  moneyIn: number
  moneyOut: number
  lines: number
}

/** Money held for others at the year's end (deposits, added by the feature that keeps them). */
export interface HeldLine {
  label: string
  amount: number
}

export interface AccountRow {
  /** A category's key; null for the lines not yet categorised. */
  key: string | null
  name: string
  amount: number
}

export interface YearAccountsInput {
  from: string
  to: string
  categories: readonly BankCategory[]
  sums: readonly CategorySum[]
  /** The balance at the start: the treasurer's, or the statement's, or none known. */
  opening: { balance: number; source: 'entered' | 'statement' } | null
  /** The balance the statement gives after the year's last line, if it gives one. */
  statementClosing: number | null
  /** Money held for others at the year's end: deposits (another feature supplies them). */
  held?: readonly HeldLine[]
}

export interface YearAccounts {
  from: string
  to: string
  receipts: AccountRow[]
  payments: AccountRow[]
  totalReceipts: number
  totalPayments: number
  lines: number
  uncategorised: number
  opening: number | null
  openingSource: 'entered' | 'statement' | null
  closing: number | null
  statementClosing: number | null
  /** The statement's closing balance less the one worked out, when both are known. */
  difference: number | null
  held: HeldLine[]
  totalHeld: number
}

/** The bookkeeping packages whose bank statement imports the year's lines are written for. */
export const EXPORT_FORMATS = ['xero', 'quickbooks', 'sage'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const UNCATEGORISED = 'Not yet categorised'

/**
 * The account: a category's lines, in and out, count on its own side (a refund of rent lessens
 * the receipts; a refund of the insurance, the payments); lines not yet categorised go in on the
 * side of their money, so that the receipts less the payments are always the lines' sum.
 */
export function yearAccounts(input: YearAccountsInput): YearAccounts {
  const byKey = new Map(input.sums.map((sum) => [sum.categoryKey, sum]))
  const kindOf = new Map(input.categories.map((category) => [category.key, category.kind]))
  const receipts: AccountRow[] = []
  const payments: AccountRow[] = []
  for (const category of input.categories) {
    const sum = byKey.get(category.key)
    // A retired category shows only when the year has lines in it.
    if (category.retired && !sum) continue
    const net = sum ? sum.moneyIn - sum.moneyOut : 0
    if (category.kind === 'income')
      receipts.push({ key: category.key, name: category.name, amount: net })
    else payments.push({ key: category.key, name: category.name, amount: -net })
  }
  // Lines in a category no longer listed (none should be) and those not yet categorised.
  let unknownIn = 0
  let unknownOut = 0
  let uncategorised = 0
  for (const sum of input.sums)
    if (sum.categoryKey === null || !kindOf.has(sum.categoryKey)) {
      unknownIn += sum.moneyIn
      unknownOut += sum.moneyOut
      uncategorised += sum.lines
    }
  if (unknownIn !== 0) receipts.push({ key: null, name: UNCATEGORISED, amount: unknownIn })
  if (unknownOut !== 0) payments.push({ key: null, name: UNCATEGORISED, amount: unknownOut })
  const total = (rows: AccountRow[]) => rows.reduce((sum, row) => sum + row.amount, 0)
  const totalReceipts = total(receipts)
  const totalPayments = total(payments)
  const opening = input.opening?.balance ?? null
  const closing = opening === null ? null : opening + totalReceipts - totalPayments
  const held = [...(input.held ?? [])]
  return {
    from: input.from,
    to: input.to,
    receipts,
    payments,
    totalReceipts,
    totalPayments,
    lines: input.sums.reduce((sum, row) => sum + row.lines, 0),
    uncategorised,
    opening,
    openingSource: input.opening?.source ?? null,
    closing,
    statementClosing: input.statementClosing,
    difference:
      closing === null || input.statementClosing === null ? null : input.statementClosing - closing,
    held,
    totalHeld: held.reduce((sum, line) => sum + line.amount, 0),
  }
}

/** The day before the same date a year on: a financial year's last day, from its first. */
export function yearEnd(from: string): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(year + 1, month - 1, day))
  // 29 February: the year runs to 28 February.
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0)
  else next.setUTCDate(next.getUTCDate() - 1)
  return next.toISOString().slice(0, 10)
}
