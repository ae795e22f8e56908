import { addDays, londonMoment } from '#shared/domain/dates'
import { fullName } from '#shared/domain/message-copies'
import { yearsOn } from '#shared/domain/rent'
import { hoursOf, quartersOf } from '#shared/domain/hours'
import { hoursYear, plotsDone, workHoursLine, yearBefore } from '#shared/domain/work-hours'
import { EVENT_VISIBILITIES } from '#shared/schemas/calendar'
import type { PlotHours } from '#shared/schemas/work-hours'
import type { ReadTx } from '#server/core/db/write-transaction'
import type { InvoiceLine, YearPlot } from '#server/core/hooks'
import { EVERY_SITE, seesSite, type SiteScope } from '#server/core/site-scope'
import { eventsBetween } from '#server/features/calendar/sql'
import { namesOf } from '#server/features/people/sql'
import { listPlots } from '#server/features/plots/sql'
import { listYears } from '#server/features/rent/sql'
import { rulesBySite } from '#server/features/work-hours/settings'
import { attendanceAt } from '#server/features/work-hours/sql'

// The hours a year's work parties gave each plot (decision 66), counted one way for a member's
// page, the committee's list of who is short and the rent year's invoices.

const EVERY_EVENT = { visibilities: EVENT_VISIBILITIES, sites: null }

/** A year of London's days. */
export interface HoursWindow {
  from: string
  to: string
}

/**
 * The hours year today is in: the rent year started last that today is in (run on by whole years
 * when the next is not started yet), or without one the twelve months to today.
 */
export async function currentHoursYear(tx: ReadTx, today: string): Promise<HoursWindow> {
  const started = (await listYears(tx)).find((year) => year.startDate <= today)
  if (!started) return { from: addDays(yearsOn(today, -1), 1), to: today }
  let window = hoursYear(started.startDate)
  while (window.to < today) window = hoursYear(addDays(window.to, 1))
  return window
}

/** Each person's quarters at the work parties of the window, and the sites that kept a register. */
async function workDone(tx: ReadTx, { from, to }: HoursWindow) {
  const events = (
    await eventsBetween(
      tx,
      EVERY_EVENT,
      londonMoment(from, '00:00').toISOString(),
      londonMoment(addDays(to, 1), '00:00').toISOString(),
    )
  ).filter(
    (event) =>
      event.helpersWanted !== null && event.startsAt >= londonMoment(from, '00:00').toISOString(),
  )
  const siteOf = new Map(events.map((event) => [event.id, event.siteId]))
  const quarters = new Map<string, number>()
  const kept = new Set<number | null>()
  for (const row of await attendanceAt(
    tx,
    events.map((event) => event.id),
  )) {
    quarters.set(row.personId, (quarters.get(row.personId) ?? 0) + row.quarters)
    kept.add(siteOf.get(row.eventId)!)
  }
  return { quarters, kept }
}

/**
 * Every let plot's quarters done and owed in the window, and the rules of its site, in plot order,
 * worked out over every site (a tenant of plots on two sites gives each its share).
 */
async function plotsCounted(tx: ReadTx, window: HoursWindow) {
  const plots = (await listPlots(tx, EVERY_SITE)).filter((plot) => plot.occupied)
  const [rules, { quarters, kept }] = await Promise.all([
    rulesBySite(
      tx,
      plots.map((plot) => plot.siteId),
    ),
    workDone(tx, window),
  ])
  const owedOf = (siteId: number) => quartersOf(rules.get(siteId)!.hoursOwed)
  const done = plotsDone(
    plots.map((plot) => ({ plotId: plot.id, tenants: plot.tenants, owed: owedOf(plot.siteId) })),
    quarters,
  )
  return {
    kept,
    plots: plots.map((plot) => ({
      plot,
      rule: rules.get(plot.siteId)!,
      done: done.get(plot.id)!,
      owed: owedOf(plot.siteId),
    })),
  }
}

/** Every let plot's hours in the window that the scope sees, with its tenants' names. */
export async function plotHours(
  tx: ReadTx,
  scope: SiteScope,
  window: HoursWindow,
): Promise<{ plots: PlotHours[]; kept: Set<number | null> }> {
  const { plots, kept } = await plotsCounted(tx, window)
  const shown = plots.filter(({ plot }) => seesSite(scope, plot.siteId))
  const names = await namesOf(
    tx,
    shown.flatMap(({ plot }) => plot.tenants),
  )
  return {
    kept,
    plots: shown.map(({ plot, done, owed }) => ({
      plotId: plot.id,
      plotName: plot.name,
      siteId: plot.siteId,
      tenantIds: plot.tenants,
      tenants: plot.tenants.map((id) => {
        const person = names.get(id)
        return person ? fullName(person) : id
      }),
      done: hoursOf(done),
      owed: hoursOf(owed),
    })),
  }
}

/** A person's own quarters in the window, as hours. */
export async function ownHours(tx: ReadTx, personId: string, window: HoursWindow) {
  return hoursOf((await workDone(tx, window)).quarters.get(personId) ?? 0)
}

/**
 * The rent year's lines (the `rentYearLines` hook): each plot's hours of the year before the new
 * one's start, short or beyond, priced by its site's rules as they stand at the start. A site
 * that kept no register that year (no work party's attendance, of its own or of every site) is
 * charged nothing: its hours were not counted, so none can be missing.
 */
export async function workHoursLines(
  tx: ReadTx,
  year: { startDate: string; plots: ReadonlyArray<YearPlot> },
): Promise<Map<string, InvoiceLine>> {
  const { plots, kept } = await plotsCounted(tx, yearBefore(year.startDate))
  const lines = new Map<string, InvoiceLine>()
  if (kept.size === 0) return lines
  const byId = new Map(plots.map((counted) => [counted.plot.id, counted]))
  for (const plot of year.plots) {
    const counted = byId.get(plot.plotId)
    if (!counted || !(kept.has(null) || kept.has(plot.siteId))) continue
    const line = workHoursLine(counted.done, counted.owed, counted.rule, plot.total)
    if (line) lines.set(plot.plotId, line)
  }
  return lines
}
