import type { CouncilFigures } from '#shared/schemas/council-report'

// What councils are asked (decision 52), worked out from the records each feature keeps. The
// plots are counted as they stand (a plot keeps no history of being let); the list and the
// lettings as of the year asked for. A council's lists hold tens of thousands of places, so the
// list comes counted where it is kept; only the few places ended by a letting come one by one.

export interface ReportPlot {
  siteId: number
  occupied: boolean
  showOnGrid: boolean
}

/** A place ended by accepting a plot: the person and the site whose list it was. */
export interface ReportPlace {
  personId: string
  siteId: number
}

/** A site's list (or every site's) as the report reads it. */
export interface ReportList {
  /** Places open now. */
  open: number
  /** Of those, the places joined by the end of the year asked for. */
  openByYearEnd: number
  /** Places ended by accepting a plot that had been joined by the end of the year asked for. */
  acceptedByYearEnd: readonly ReportPlace[]
}

export const NO_LIST: ReportList = { open: 0, openByYearEnd: 0, acceptedByYearEnd: [] }

/** An offer accepted: the plot's site, the London day it was accepted and that site's list joined. */
export interface ReportLetting {
  personId: string
  siteId: number
  acceptedOn: string
  /** The day the person joined the site's list; '' when it is not known. */
  joinedOn: string
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

/**
 * Who waits at the end of `year` (now, for the current year): the places open today, and for a
 * past year those of them joined by its end and the places ended since by accepting a plot there
 * after it. A place ended as lapsed or left keeps no day it ended, and is not counted for a past
 * year.
 */
function waitingAtEnd(list: ReportList, lettings: readonly ReportLetting[], yearEnd: string) {
  const acceptedAfter = new Set(
    lettings
      .filter((letting) => letting.acceptedOn > yearEnd)
      .map((letting) => `${letting.siteId} ${letting.personId}`),
  )
  const endedAfter = list.acceptedByYearEnd.filter((place) =>
    acceptedAfter.has(`${place.siteId} ${place.personId}`),
  )
  return list.openByYearEnd + endedAfter.length
}

/** Whole days from joining the site's list to accepting; undefined without a day joined before. */
const waitOf = ({ joinedOn, acceptedOn }: ReportLetting) =>
  joinedOn !== '' && joinedOn <= acceptedOn ? daysBetween(joinedOn, acceptedOn) : undefined

/**
 * The figures of the records given (one site's, or every site's in the report for the total), for
 * `year`; `today` decides whether the list is read now or at the year's end.
 */
export function councilFigures(
  records: {
    plots: readonly ReportPlot[]
    list: ReportList
    lettings: readonly ReportLetting[]
    rent: ReportRent
  },
  year: number,
  today: string,
): CouncilFigures {
  const { plots, list, lettings, rent } = records
  const let_ = plots.filter((plot) => plot.occupied).length
  const notLettable = plots.filter((plot) => !plot.occupied && !plot.showOnGrid).length
  const inYear = lettings.filter((letting) => yearOf(letting.acceptedOn) === year)
  const waits = inYear.map(waitOf).filter((wait) => wait !== undefined)
  const current = year === yearOf(today)
  return {
    plots: plots.length,
    let: let_,
    vacant: plots.length - let_ - notLettable,
    notLettable,
    waiting: current ? list.open : waitingAtEnd(list, lettings, `${year}-12-31`),
    lettings: inYear.length,
    averageWaitDays:
      waits.length === 0
        ? null
        : Math.round(waits.reduce((sum, wait) => sum + wait, 0) / waits.length),
    ...rent,
  }
}

/** Lists added together: every site's, for the total. */
export const addLists = (a: ReportList, b: ReportList): ReportList => ({
  open: a.open + b.open,
  openByYearEnd: a.openByYearEnd + b.openByYearEnd,
  acceptedByYearEnd: [...a.acceptedByYearEnd, ...b.acceptedByYearEnd],
})

/** The years to choose from, newest first: the current one back to the earliest on record. */
export function reportYears(current: number, days: readonly string[]): number[] {
  const first = Math.min(current, ...days.filter(Boolean).map(yearOf))
  return Array.from({ length: current - first + 1 }, (_, index) => current - index)
}
