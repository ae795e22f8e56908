import { LEVELS } from '#shared/domain/levels'
import { addDays, londonMoment, longDate } from '#shared/domain/dates'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { calendarMessages } from '#shared/messages/calendar'
import type { EventInput, EventVisibility } from '#shared/schemas/calendar'

// The calendar's rules (issue 48, decision 63), pure: the moments of an event given on London's
// clock, who sees which events, and the days of a month as a screen lays them out.

/** The moments (ISO instants, UTC) London's clock reads at an event's start and end. */
export function eventMoments(
  input: Pick<EventInput, 'startDate' | 'startTime' | 'endDate' | 'endTime'>,
): Outcome<{ startsAt: string; endsAt: string }> {
  const startsAt = londonMoment(input.startDate, input.startTime).toISOString()
  const endsAt = londonMoment(input.endDate, input.endTime).toISOString()
  if (endsAt <= startsAt) return refuse(calendarMessages.endBeforeStart, 'endTime')
  return ok({ startsAt, endsAt })
}

/** The events a level may see: the public's to everyone, members' from level 1, all to the committee. */
export function visibilitiesFor(level: number): EventVisibility[] {
  if (level >= LEVELS.committee) return ['public', 'members', 'committee']
  if (level >= LEVELS.plotholder) return ['public', 'members']
  return ['public']
}

const DAY = 86_400_000

/** The month (YYYY-MM) `months` after `month`. */
export function monthAfter(month: string, months: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (number - 1) + months
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The first and last days of a month. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`
  return { from, to: addDays(`${monthAfter(month, 1)}-01`, -1) }
}

/**
 * The weeks of a month as a calendar page shows them, Monday first: each a row of seven ISO days,
 * null for a day of the month before or after.
 */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const { from, to } = monthRange(month)
  // getUTCDay: Sunday 0; Monday first puts Sunday last.
  const lead = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7
  const days: Array<string | null> = Array.from({ length: lead }, () => null)
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day)
  while (days.length % 7) days.push(null)
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7))
}

/** The last London day an event is held on: one ending at midnight ended with the day before. */
export const lastDayOf = (event: { startDate: string; endDate: string; endTime: string }) =>
  event.endTime === '00:00' && event.endDate > event.startDate
    ? addDays(event.endDate, -1)
    : event.endDate

/** Whether an event held from `start` to `end` (London days, inclusive) is on `day`. */
export const onDay = (day: string, start: string, end: string) => start <= day && day <= end

/** The number of days from `from` to `to`, both counted. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1

/**
 * When an event is, in words on London's clock: "28 March 2026, 10:00 to 12:00", or across days
 * "28 March 2026, 10:00 to 29 March 2026, 12:00".
 */
export function eventWhen(
  event: Pick<EventInput, 'startDate' | 'startTime' | 'endDate' | 'endTime'>,
): string {
  const start = `${longDate(event.startDate)}, ${event.startTime}`
  const end =
    event.endDate === event.startDate
      ? event.endTime
      : `${longDate(event.endDate)}, ${event.endTime}`
  return `${start} to ${end}`
}
