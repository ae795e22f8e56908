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

/**
 * A plot's fee, which the plot's record gives in pounds and pence (32.5), as pence. The database
 * keeps it in pence; the record's pounds have at most two places, so rounding only removes the
 * float's error.
 */
export const feePence = (fee: number) => Math.round(fee * 100)

/** A fee kept in pence, as the plot's record gives it in pounds. */
export const feePounds = (pence: number) => pence / 100

/** A plot's fee as its form, its page and the plots export write it: "32.50", or "45" (the spec's). */
export function feeInput(fee: number): string {
  const pence = feePence(fee)
  return pence % 100 === 0 ? String(pence / 100) : penceInput(pence)
}

/**
 * Rates (per square metre, per rod) are kept in hundredths of a penny, whole numbers: £0.2569 a
 * m² is 2569. A rate's fraction of a penny is the society's, and only an invoice line's amount is
 * rounded to the penny (rent.ts).
 */
export const RATE_PER_PENNY = 100

/** The most a rate may be: one amount's most (MAX_PENCE), in hundredths of a penny. */
export const MAX_RATE = MAX_PENCE * RATE_PER_PENNY

/** A rate as a person reads it: £6.50, £0.2569 (two places at least, four at most). */
export function rateText(rate: number): string {
  // Four places, less the zeros beyond the pence: 6.5000 is £6.50, 0.0650 is £0.065.
  return `£${(rate / (100 * RATE_PER_PENNY)).toFixed(4).replace(/0{1,2}$/, '')}`
}

/** A rate as a form shows it for editing: "0.2569", "6.50". */
export const rateInput = (rate: number) => rateText(rate).slice(1)

// Pounds written as digits with at most two after the point ("1200", "12.5") as pence; exact,
// never through a floating-point multiplication.
function digitsAsPence(digits: string): number | undefined {
  if (!/^\d+(\.\d{1,2})?$/.test(digits)) return undefined
  const [whole, fraction = ''] = digits.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

// Pounds written with at most `places` digits after the point, in units of 10^-places of a pound.
function digitsAsUnits(digits: string, places: number): number | undefined {
  if (!new RegExp(`^\\d{1,12}(\\.\\d{1,${places}})?$`).test(digits)) return undefined
  const [whole, fraction = ''] = digits.split('.')
  return Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0'))
}

const typedDigits = (text: string) => text.trim().replace(/^£/, '').replace(/,/g, '')

/** A fee typed by a person ("32.50", "£65", "0") as whole pence: no more than one amount may be. */
export function parseFee(text: string): Outcome<number> {
  const pence = digitsAsUnits(typedDigits(text), 2)
  return pence === undefined || pence > MAX_PENCE ? refuse(moneyMessages.feeMoney) : ok(pence)
}

/** A rate typed by a person ("0.2569", "£6.50") in hundredths of a penny; 0 or nothing: none. */
export function parseRate(text: string): Outcome<number> {
  if (typedDigits(text) === '') return ok(0)
  const rate = digitsAsUnits(typedDigits(text), 4)
  return rate === undefined || rate > MAX_RATE ? refuse(moneyMessages.rateMoney) : ok(rate)
}

/** Pounds typed by a person ("12.50", "£12", "1,200") as whole pence, or why not. */
export function parsePounds(text: string): Outcome<number> {
  const pence = digitsAsPence(typedDigits(text))
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
