import { moneyMessages } from '#shared/messages/money'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'

// Money is whole pence everywhere: in the database, in the API and in every sum. Pounds appear
// only where a person reads or types them, and are turned into pence here and nowhere else.

/**
 * The most any one amount may be: a ledger entry, a rate, an extra charge, an invoice and each
 * of its lines (checkInvoice in rent.ts). £100,000 is far beyond any allotment's rent, and it
 * keeps every sum the ledger makes of such amounts well within the money columns (bigint on
 * PostgreSQL) and JavaScript's safe integers.
 */
export const MAX_PENCE = 10_000_000

// Made once: a formatter made for each amount (toLocaleString with options) costs more than a
// thousand times the formatting, which a statement of thousands of lines notices.
const POUNDS = new Intl.NumberFormat('en-GB', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** Pence as a person reads them: £45.00, −£4.50, £1,200.00. */
export function penceText(pence: number): string {
  const sign = pence < 0 ? '−' : ''
  return `${sign}£${POUNDS.format(Math.abs(pence) / 100)}`
}

/** Pence as a form shows them for editing: "12.50". */
export const penceInput = (pence: number) => (pence / 100).toFixed(2)

/** A plot's fee, kept in pounds on the plot's record, as pence. */
export const feePence = (fee: number) => Math.round(fee * 100)

// Pounds written as digits with at most two after the point ("1200", "12.5") as pence; exact,
// never through a floating-point multiplication.
function digitsAsPence(digits: string): number | undefined {
  if (!/^\d+(\.\d{1,2})?$/.test(digits)) return undefined
  const [whole, fraction = ''] = digits.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Pounds typed by a person ("12.50", "£12", "1,200") as whole pence, or why not. */
export function parsePounds(text: string): Outcome<number> {
  const pence = digitsAsPence(text.trim().replace(/^£/, '').replace(/,/g, ''))
  if (pence === undefined) return refuse(moneyMessages.amountNotMoney)
  if (pence <= 0 || pence > MAX_PENCE) return refuse(moneyMessages.amountOutOfRange)
  return ok(pence)
}

/**
 * An amount as a bank statement writes it (12.50, +12.50, £1,200.00, 45.00 GBP, (4.00), -4.00 and
 * 4.00 DR) as pence, money out negative; undefined for anything else, or more than any sum of
 * money the rules could meet.
 */
export function statementPence(text: string): number | undefined {
  const cleaned = text
    .trim()
    .replace(/[£,\s]|gbp/gi, '')
    .replace(/cr$/i, '')
  const debit = /dr$/i.test(cleaned)
  const negative = /^\(.*\)$/.test(cleaned) || cleaned.startsWith('-') || debit
  const amount = digitsAsPence(cleaned.replace(/^[(+-]+|\)$|dr$/gi, ''))
  if (amount === undefined || !Number.isSafeInteger(amount)) return undefined
  return negative ? -amount : amount
}
