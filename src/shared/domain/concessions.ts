import { penceText } from '#shared/domain/money'
import { concessionMessages } from '#shared/messages/concessions'

// What a concession takes off an invoice (issue 47, item 1, decision 57). A kind takes a
// percentage or a fixed sum off the rent, or off the rent and the extras; never more than those
// come to, so an invoice never goes below nought. A person holding several in force on the day
// the invoice is made gets the one that takes off most: concessions are not stacked.

export const CONCESSION_APPLIES = ['rent', 'rentAndExtras'] as const
export type ConcessionApplies = (typeof CONCESSION_APPLIES)[number]

export interface ConcessionTerms {
  /** The kind's name; null for the rent settings' one percentage (a person's concession flag). */
  name: string | null
  percent: number | null
  fixedPence: number | null
  appliesTo: ConcessionApplies
}

/** What the terms take off a plot's rent and extras (pence). */
export function reductionOf(terms: ConcessionTerms, rent: number, extras: number): number {
  const base = Math.max(0, rent + (terms.appliesTo === 'rentAndExtras' ? extras : 0))
  const off =
    terms.percent !== null ? Math.round((base * terms.percent) / 100) : (terms.fixedPence ?? 0)
  return Math.min(base, off)
}

/** What the terms say they take off, as the invoice's line and the screens write it. */
export function termsText(terms: Omit<ConcessionTerms, 'name'>): string {
  const ofExtras = terms.appliesTo === 'rentAndExtras'
  return terms.percent !== null
    ? concessionMessages.percentOff(terms.percent, ofExtras)
    : concessionMessages.fixedOff(penceText(terms.fixedPence ?? 0), ofExtras)
}

/** The invoice's line of the concession that takes off most, if any takes off anything. */
export function concessionLine(
  candidates: readonly ConcessionTerms[],
  rent: number,
  extras: number,
): { description: string; amount: number } | undefined {
  let best: { terms: ConcessionTerms; off: number } | undefined
  for (const terms of candidates) {
    const off = reductionOf(terms, rent, extras)
    if (off > (best?.off ?? 0)) best = { terms, off }
  }
  if (!best) return undefined
  const { terms, off } = best
  // The flag's line reads as it always has, so that invoices made before read the same.
  const description =
    terms.name === null
      ? concessionMessages.flagLine(terms.percent ?? 0)
      : concessionMessages.invoiceLine(terms.name, termsText(terms))
  return { description, amount: -off }
}

/** The grants a payer holds that count on one plot's invoice: theirs, and that plot's own. */
export const grantsForPlot = <T extends { plotId: string | null }>(
  grants: readonly T[],
  plotId: string,
) => grants.filter((grant) => grant.plotId === null || grant.plotId === plotId)

/**
 * A renewal's new last day: the same day a year on (29 February to 28 February), so that a
 * grant renewed on fresh evidence each year keeps its day.
 */
export function renewedEnd(endsOn: string): string {
  const [year, month, day] = endsOn.split('-')
  const nextDay = month === '02' && day === '29' ? '28' : day
  return `${Number(year) + 1}-${month}-${nextDay}`
}

/** Whether a grant is in force on `day`: from its start to its end, both days included. */
export const inForce = (grant: { startsOn: string; endsOn: string | null }, day: string) =>
  grant.startsOn <= day && (grant.endsOn === null || grant.endsOn >= day)

/** The kinds councils publish (Bristol, Welwyn Hatfield), offered to an association with none. */
export const USUAL_CONCESSION_KINDS: ReadonlyArray<
  Omit<ConcessionTerms, 'name'> & { name: string }
> = [
  { name: 'Pensioner', percent: 25, fixedPence: null, appliesTo: 'rent' },
  { name: 'Benefits', percent: 50, fixedPence: null, appliesTo: 'rent' },
  { name: 'Site representative', percent: 100, fixedPence: null, appliesTo: 'rentAndExtras' },
  { name: 'First year of a neglected plot', percent: 50, fixedPence: null, appliesTo: 'rent' },
]
