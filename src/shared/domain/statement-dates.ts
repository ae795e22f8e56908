import { MONTH_NAMES } from '#shared/domain/dates'

// A date as a British bank writes it on a statement: the day first, as digits (03/10/2026,
// 3-10-26, 03.10.2026), with the month's name (03 Oct 2026, 3-Oct-26, 03 October 2026), ISO
// (2026-10-03), OFX's run of digits (20261003, 20261003120000[0:GMT]), and any of them followed
// by a time. Written like a date but not one on the calendar (31/02/2026) is said so by the
// caller, not moved to another day.

const MONTHS = new Map(
  MONTH_NAMES.map((name, index) => [name.slice(0, 3).toLowerCase(), index + 1]),
)

const DIGITS = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T].*)?$/
const NAMED = /^(\d{1,2})[\s/-]*([a-z]{3,9})\.?[\s/,-]*(\d{2}|\d{4})(?:[ T].*)?$/i
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/
const RUN = /^(\d{4})(\d{2})(\d{2})(?:\d{0,6}(?:\.\d+)?)?(?:\[.*\])?$/
// QIF's own: 03/10'26.
const QIF = /^(\d{1,2})\/(\d{1,2})'(\d{2})$/

const fullYear = (year: string) => (year.length === 2 ? `20${year}` : year)
const iso = (year: string, month: number | string, day: string) =>
  `${fullYear(year)}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`

/** The date written as ISO text (which may still be no real day), or undefined if no date. */
export function statementDate(text: string): string | undefined {
  const trimmed = text.trim()
  const digits = DIGITS.exec(trimmed) ?? QIF.exec(trimmed)
  if (digits) return iso(digits[3]!, digits[2]!, digits[1]!)
  const named = NAMED.exec(trimmed)
  const month = named && MONTHS.get(named[2]!.slice(0, 3).toLowerCase())
  if (named && month) return iso(named[3]!, month, named[1]!)
  const isoMatch = ISO.exec(trimmed) ?? RUN.exec(trimmed)
  if (isoMatch) return `${isoMatch[1]}-${isoMatch[2]}-${isoMatch[3]}`
  return undefined
}
