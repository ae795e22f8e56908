import { addDays, londonDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'
import { yearsOn } from '#shared/domain/rent'
import { workHoursMessages } from '#shared/messages/work-hours'
import { hoursOf, hoursText, QUARTERS_PER_HOUR } from '#shared/domain/hours'

// Work hours (issue 48, item 3; decision 66), pure. Hours are owed per plot a year; the hours a
// plot's tenants give at work parties are its hours done, counted in whole quarters (hours.ts).

/** What counts for work hours: the settings of a plot's site. */
export interface WorkHoursRules {
  /** Hours owed per plot a year. */
  hoursOwed: number
  /** What a missing hour costs, in pence; 0: nothing. */
  missingHourPence: number
  /** What a volunteered hour beyond those owed takes off the rent, in pence; 0: nothing. */
  beyondHourPence: number
}

export const DEFAULT_WORK_HOURS: WorkHoursRules = {
  hoursOwed: 0,
  missingHourPence: 0,
  beyondHourPence: 0,
}

/**
 * The days whose work counts for the rent year starting on `startDate`: from it to the day before
 * the next year's start. A rent year's start charges the hours of the year before it.
 */
export function hoursYear(startDate: string): { from: string; to: string } {
  return { from: startDate, to: addDays(yearsOn(startDate, 1), -1) }
}

/** The hours year the new rent year starting on `startDate` charges: the year before it. */
export const yearBefore = (startDate: string) => hoursYear(yearsOn(startDate, -1))

const QUARTER_MS = 15 * 60 * 1000

/** The hours between two moments, to the nearest quarter, at most a day's 24. */
export const hoursBetween = (startsAt: string, endsAt: string) =>
  Math.min(24, hoursOf(Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / QUARTER_MS)))

/** The London day a work party counts on: the day it starts. */
export const workDay = (startsAt: string) => londonDate(new Date(startsAt))

export interface PlotTenants {
  plotId: string
  /** Its tenants' ids. */
  tenants: readonly string[]
  /** Quarters the plot owes. */
  owed: number
}

/**
 * Each plot's quarters done, from each tenant's quarters. A tenant of one plot gives it all their
 * hours (a joint plot's tenants together); a tenant of several gives their plots in plot order
 * what each still needs, and what is left to the last of them, so that one person's hour never
 * counts twice.
 */
export function plotsDone(
  plots: readonly PlotTenants[],
  quartersOfPerson: ReadonlyMap<string, number>,
): Map<string, number> {
  const done = new Map(plots.map((plot) => [plot.plotId, 0]))
  const plotsOf = new Map<string, PlotTenants[]>()
  for (const plot of plots)
    for (const tenant of plot.tenants) plotsOf.set(tenant, [...(plotsOf.get(tenant) ?? []), plot])
  for (const [person, held] of [...plotsOf].sort(([a], [b]) => a.localeCompare(b))) {
    let left = quartersOfPerson.get(person) ?? 0
    held.forEach((plot, at) => {
      const need = Math.max(0, plot.owed - done.get(plot.plotId)!)
      const given = at === held.length - 1 ? left : Math.min(need, left)
      done.set(plot.plotId, done.get(plot.plotId)! + given)
      left -= given
    })
  }
  return done
}

/** A quarter-hour count at an hourly rate, to the penny (half a penny up). */
const chargeFor = (quarters: number, hourPence: number) =>
  Math.round((quarters * hourPence) / QUARTERS_PER_HOUR)

/**
 * The line a plot's invoice gets for last year's work hours, by its site's rules: the hours not
 * done at the missing hour's cost, or those volunteered beyond at the reduction's rate (never more
 * than the invoice holds); none when the hours match, or the rule is nothing.
 */
export function workHoursLine(
  done: number,
  owed: number,
  rules: Pick<WorkHoursRules, 'missingHourPence' | 'beyondHourPence'>,
  invoiceTotal: number,
): { description: string; amount: number } | undefined {
  if (done < owed && rules.missingHourPence > 0)
    return {
      description: workHoursMessages.notDoneLine(
        hoursText(hoursOf(owed - done)),
        penceText(rules.missingHourPence),
      ),
      amount: chargeFor(owed - done, rules.missingHourPence),
    }
  if (done > owed && rules.beyondHourPence > 0 && invoiceTotal > 0)
    return {
      description: workHoursMessages.beyondLine(
        hoursText(hoursOf(done - owed)),
        penceText(rules.beyondHourPence),
      ),
      amount: -Math.min(chargeFor(done - owed, rules.beyondHourPence), invoiceTotal),
    }
  return undefined
}
