import { partYearMessages } from '#shared/messages/part-year'

// Part of a rent year (issue 43), as pure rules: what a plot let after the year started is
// charged, and what an invoice comes down to when its tenant leaves before the year ends. A year
// is twelve months from its start; a month begun counts as held.

export const PART_YEAR_RULES = ['months', 'quarters', 'whole', 'none'] as const
export type PartYearRule = (typeof PART_YEAR_RULES)[number]

/** What happens to a leaver's invoice: it stands, is reduced to the months held, or written off. */
export const LEAVING_CHOICES = ['stands', 'reduce', 'writeoff'] as const
export type LeavingChoice = (typeof LEAVING_CHOICES)[number]

/** Whole months of the year gone by `on` (the year starting on `yearStart`): 0 in its first. */
export function monthsGone(yearStart: string, on: string): number {
  const [y0 = 0, m0 = 0, d0 = 0] = yearStart.split('-').map(Number)
  const [y1 = 0, m1 = 0, d1 = 0] = on.split('-').map(Number)
  const gone = (y1 - y0) * 12 + (m1 - m0) - (d1 < d0 ? 1 : 0)
  return Math.min(12, Math.max(0, gone))
}

/** The twelfths of the year a plot let on `on` is charged, by the rule. */
export function monthsCharged(rule: PartYearRule, yearStart: string, on: string): number {
  const gone = monthsGone(yearStart, on)
  switch (rule) {
    case 'whole':
      return 12
    case 'none':
      return gone === 0 ? 12 : 0
    case 'months':
      return 12 - gone
    case 'quarters':
      return 12 - 3 * Math.floor(gone / 3)
  }
}

/**
 * The months an invoice of `covered` twelfths (its last months of the year) was held by a tenant
 * leaving on `leftOn`: to the end of the month they leave in, or of its quarter by that rule.
 */
export function monthsHeld(
  rule: PartYearRule,
  yearStart: string,
  leftOn: string,
  covered: number,
): number {
  const month = monthsGone(yearStart, leftOn) + 1
  const end = rule === 'quarters' ? 3 * Math.ceil(month / 3) : month
  return Math.min(covered, Math.max(0, Math.min(12, end) - (12 - covered)))
}

/** What an invoice of `amount` for `covered` months comes to for `held` of them, to the penny. */
export const amountFor = (amount: number, held: number, covered: number) =>
  covered === 0 ? 0 : Math.round((amount * held) / covered)

/** A year's invoice lines for `months` of it: the full lines, then what the months left take off. */
export function partYearLines<L extends { description: string; amount: number }>(
  lines: readonly L[],
  months: number,
): Array<{ description: string; amount: number }> {
  if (months >= 12) return [...lines]
  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  return [
    ...lines,
    {
      description: partYearMessages.partYearLine(months),
      amount: amountFor(total, months, 12) - total,
    },
  ]
}
