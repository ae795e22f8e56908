import { addMonths } from '#shared/domain/dates'

// Issue 46, item 5 (decision 51): the public is told how long a site's list usually takes, from
// its lettings of the last two years: the median time from joining that site's list to accepting
// an offer there, in whole months. Too few lettings say nothing.

/** Lettings a typical wait needs before it is told. */
export const MIN_LETTINGS = 3

/** How far back the lettings counted go, in months. */
export const LETTINGS_WINDOW_MONTHS = 24

/** One letting: the day the holder joined the site's list and the day they accepted its offer. */
export interface Letting {
  joined: string
  accepted: string
}

/** Whole months from one day to a later one (YYYY-MM-DD): 15 January to 14 March is 1. */
export function monthsBetween(from: string, to: string): number {
  let months = 0
  while (addMonths(from, months + 1) <= to) months += 1
  return months
}

/** The median wait of those lettings, in whole months (rounded); null when fewer than enough. */
export function typicalWaitMonths(lettings: readonly Letting[]): number | null {
  if (lettings.length < MIN_LETTINGS) return null
  const waits = lettings
    .map(({ joined, accepted }) => monthsBetween(joined, accepted))
    .sort((a, b) => a - b)
  const middle = Math.floor(waits.length / 2)
  return waits.length % 2 ? waits[middle]! : Math.round((waits[middle - 1]! + waits[middle]!) / 2)
}
