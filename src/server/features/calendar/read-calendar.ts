import { addDays, londonMoment, londonTime } from '#shared/domain/dates'
import { calendarMessages } from '#shared/messages/calendar'
import type { Calendar, CalendarDate, CalendarEvent } from '#shared/schemas/calendar'
import type { ReadTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'
import { comingOn } from '#server/features/calendar/coming'
import type { CalendarReach } from '#server/features/calendar/reach'
import { eventsBetween, type EventRow } from '#server/features/calendar/sql'
import { openNoticesDueBetween } from '#server/features/inspections/notices-sql'
import { roundsBetween } from '#server/features/inspections/sql'
import { openOffersEndingBetween } from '#server/features/letting/sql'
import { namesAndSitesOfPlots } from '#server/features/plots/sql'
import { yearsDueBetween } from '#server/features/rent/year-sql'

// The calendar between two of London's days: the events the reach sees, and for the committee
// the days that appear by themselves, each read from its own record (decision 63), never copied.

/** An event as the API answers: its moments, and London's wall clock at them (the form's fields). */
export function calendarEvent(row: EventRow): CalendarEvent {
  const start = londonTime(row.startsAt)!
  const end = londonTime(row.endsAt)!
  return {
    id: row.id,
    title: row.title,
    siteId: row.siteId,
    place: row.place,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    description: row.description,
    visibility: row.visibility,
    helpersWanted: row.helpersWanted,
    showComing: row.showComing === 1,
    version: row.version,
  }
}

/** The moments London's days `from` to `to` (inclusive) run between. */
export const londonDays = (from: string, to: string) => ({
  from: londonMoment(from, '00:00').toISOString(),
  until: londonMoment(addDays(to, 1), '00:00').toISOString(),
})

export async function readCalendar(
  tx: ReadTx,
  reach: CalendarReach,
  from: string,
  to: string,
): Promise<Calendar> {
  const moments = londonDays(from, to)
  const [rows, dates] = await Promise.all([
    eventsBetween(tx, reach.events, moments.from, moments.until),
    reach.dates ? datesBetween(tx, reach.dates, from, to) : [],
  ])
  const coming = await comingOn(tx, reach.coming, rows)
  return {
    events: rows.map((row) => ({ ...calendarEvent(row), coming: coming.get(row.id)! })),
    dates,
  }
}

/**
 * The rent years' due dates (the organisation's), open offers' last days, inspection rounds and
 * running notices' deadlines, of the scope's sites, between two days (inclusive).
 */
export async function datesBetween(
  tx: ReadTx,
  scope: SiteScope,
  from: string,
  to: string,
): Promise<CalendarDate[]> {
  const [years, offers, rounds, notices] = await Promise.all([
    yearsDueBetween(tx, from, to),
    openOffersEndingBetween(tx, from, to),
    roundsBetween(tx, scope, from, to),
    openNoticesDueBetween(tx, scope, from, to),
  ])
  const plots = await namesAndSitesOfPlots(tx, [
    ...offers.map((offer) => offer.plotId),
    ...notices.map((notice) => notice.plotId),
  ])
  const seen = (siteId: number | undefined) =>
    siteId !== undefined && (scope.sites === null || scope.sites.includes(siteId))
  const dates: CalendarDate[] = [
    ...years.map((year) => ({
      kind: 'rentDue' as const,
      key: `rentDue-${year.id}`,
      date: year.dueDate,
      title: calendarMessages.rentDue(year.label),
      siteId: null,
      path: '/members/rent',
    })),
    ...offers.flatMap((offer) => {
      const plot = plots.get(offer.plotId)
      if (!plot || !seen(plot.siteId)) return []
      return [
        {
          kind: 'offerDeadline' as const,
          key: `offerDeadline-${offer.id}`,
          date: offer.deadline,
          title: calendarMessages.offerDeadline(plot.name),
          siteId: plot.siteId,
          path: '/members/offers',
        },
      ]
    }),
    ...rounds.map((round) => ({
      kind: 'inspectionRound' as const,
      key: `inspectionRound-${round.id}`,
      date: round.date,
      title: calendarMessages.inspectionRound,
      siteId: round.siteId,
      path: `/members/inspections/${round.id}`,
    })),
    ...notices.flatMap((notice) => {
      const plot = plots.get(notice.plotId)
      if (!plot) return []
      return [
        {
          kind: 'noticeDeadline' as const,
          key: `noticeDeadline-${notice.id}`,
          date: notice.deadline,
          title: calendarMessages.noticeDeadline(plot.name),
          siteId: plot.siteId,
          path: `/members/plots/${encodeURIComponent(notice.plotId)}`,
        },
      ]
    }),
  ]
  return dates.sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key))
}
