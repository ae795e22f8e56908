import type { CouncilFigures } from '#shared/schemas/council-report'

// What councils are asked (decision 52), worked out from the records each feature keeps. The
// plots are counted as they stand (a plot keeps no history of being let); the list and the
// lettings as of the year asked for.

export interface ReportPlot {
  siteId: number
  occupied: boolean
  showOnGrid: boolean
}

/** A place on a site's list, open or ended (an ended place keeps its row, not its day). */
export interface ReportPlace {
  personId: string
  siteId: number
  joinedWaitingList: string
  open: boolean
  endedWhy: string
}

/** An offer accepted: the plot's site, and the London day it was accepted. */
export interface ReportLetting {
  personId: string
  siteId: number
  acceptedOn: string
}

export interface ReportRent {
  invoiced: number
  paid: number
  arrears: number
}

export const NO_RENT: ReportRent = { invoiced: 0, paid: 0, arrears: 0 }

const DAY = 86_400_000
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY)

/** The year a London day (YYYY-MM-DD) falls in. */
export const yearOf = (day: string) => Number(day.slice(0, 4))

/** Rows by the person and site they are of: one pass, so that matching places to lettings is not a search of every row for each. */
function byPersonAndSite<T extends { personId: string; siteId: number }>(rows: readonly T[]) {
  const grouped = new Map<string, T[]>()
  for (const row of rows) {
    const key = `${row.siteId} ${row.personId}`
    const same = grouped.get(key)
    if (same) same.push(row)
    else grouped.set(key, [row])
  }
  return (of: { personId: string; siteId: number }) =>
    grouped.get(`${of.siteId} ${of.personId}`) ?? []
}

/**
 * Who waits at the end of `year` (now, for the current year): the places open today, and for a
 * past year also those joined by its end and ended since by accepting a plot there after it. A
 * place ended as lapsed or left keeps no day it ended, and is not counted for a past year.
 */
function waitingAtEnd(
  places: readonly ReportPlace[],
  lettings: readonly ReportLetting[],
  yearEnd: string,
): number {
  const lettingsOf = byPersonAndSite(lettings)
  return places.filter((place) => {
    if (place.joinedWaitingList > yearEnd) return false
    if (place.open) return true
    return (
      place.endedWhy === 'accepted' &&
      lettingsOf(place).some((letting) => letting.acceptedOn > yearEnd)
    )
  }).length
}

/** Whole days from joining the site's list (the latest joining before it) to accepting. */
function waitOf(
  letting: ReportLetting,
  placesOf: (of: ReportLetting) => ReportPlace[],
): number | undefined {
  const joined = placesOf(letting)
    .filter(
      (place) => place.joinedWaitingList !== '' && place.joinedWaitingList <= letting.acceptedOn,
    )
    .map((place) => place.joinedWaitingList)
    .sort()
    .at(-1)
  return joined === undefined ? undefined : daysBetween(joined, letting.acceptedOn)
}

/**
 * The figures of the records given (one site's, or every site's in the report for the total), for
 * `year`; `today` decides whether the list is read now or at the year's end.
 */
export function councilFigures(
  records: {
    plots: readonly ReportPlot[]
    places: readonly ReportPlace[]
    lettings: readonly ReportLetting[]
    rent: ReportRent
  },
  year: number,
  today: string,
): CouncilFigures {
  const { plots, places, lettings, rent } = records
  const let_ = plots.filter((plot) => plot.occupied).length
  const notLettable = plots.filter((plot) => !plot.occupied && !plot.showOnGrid).length
  const inYear = lettings.filter((letting) => yearOf(letting.acceptedOn) === year)
  const placesOf = byPersonAndSite(places)
  const waits = inYear
    .map((letting) => waitOf(letting, placesOf))
    .filter((wait) => wait !== undefined)
  const current = year === yearOf(today)
  return {
    plots: plots.length,
    let: let_,
    vacant: plots.length - let_ - notLettable,
    notLettable,
    waiting: current
      ? places.filter((place) => place.open).length
      : waitingAtEnd(places, lettings, `${year}-12-31`),
    lettings: inYear.length,
    averageWaitDays:
      waits.length === 0
        ? null
        : Math.round(waits.reduce((sum, wait) => sum + wait, 0) / waits.length),
    ...rent,
  }
}

/** The years to choose from, newest first: the current one back to the earliest on record. */
export function reportYears(current: number, days: readonly string[]): number[] {
  // A loop, not Math.min(...days): a council's tens of thousands of days are too many arguments.
  let first = current
  for (const day of days) if (day) first = Math.min(first, yearOf(day))
  return Array.from({ length: current - first + 1 }, (_, index) => current - index)
}
