import { lastDayOf, onDay } from '#shared/domain/calendar'
import { longDate } from '#shared/domain/dates'
import { calendarMessages as words } from '#shared/messages/calendar'
import type { Calendar, CalendarDate, CalendarEntry, CalendarEvent } from '#shared/schemas/calendar'

// A month's events and dates as one list, in the order of their days: what both views show.

export type CalendarItem =
  | { kind: 'event'; key: string; day: string; lastDay: string; event: CalendarEntry }
  | { kind: 'date'; key: string; day: string; lastDay: string; date: CalendarDate }

export function itemsOf({ events, dates }: Calendar): CalendarItem[] {
  const items: CalendarItem[] = [
    ...events.map((event) => ({
      kind: 'event' as const,
      key: `event-${event.id}`,
      day: event.startDate,
      lastDay: lastDayOf(event),
      event,
    })),
    ...dates.map((date) => ({
      kind: 'date' as const,
      key: date.key,
      day: date.date,
      lastDay: date.date,
      date,
    })),
  ]
  const time = (item: CalendarItem) => (item.kind === 'event' ? item.event.startsAt : '')
  return items.sort((a, b) => a.day.localeCompare(b.day) || time(a).localeCompare(time(b)))
}

export const itemsOn = (items: readonly CalendarItem[], day: string) =>
  items.filter((item) => onDay(day, item.day, item.lastDay))

export const titleOf = (item: CalendarItem) =>
  item.kind === 'event' ? item.event.title : item.date.title

export { eventWhen as whenOf } from '#shared/domain/calendar'

/** The month as a heading says it: "March 2026". */
export const monthName = (month: string) => longDate(`${month}-01`).replace(/^1 /, '')

export const helpersText = (event: CalendarEvent) =>
  event.helpersWanted ? words.helpersWanted(event.helpersWanted) : ''
