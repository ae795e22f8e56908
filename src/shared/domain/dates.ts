// Dates as British readers write them, the same on every machine: "9 December 2026" in
// sentences, letters and PDFs, "9 Dec 2026" in tables. Calendar days are stored as ISO text
// (spec section 9: yyyy-mm-dd) and mean the same day everywhere, so they are read as UTC days and
// never moved by a time zone; the words are ours, not a locale's, so a server or browser set to
// another language writes the same. ISO stays in CSV exports and the API; these are for people.

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Year, month (1–12) and day of an ISO date, or undefined when it is no real date. */
function calendarDay(isoDate: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(isoDate.slice(0, 10))
  if (!match) return undefined
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? { year, month, day }
    : undefined
}

/** Whether ISO text names a day on the calendar (2026-02-31 does not). */
export const isCalendarDay = (isoDate: string) =>
  isoDate.length === 10 && calendarDay(isoDate) !== undefined

function written(isoDate: string, monthName: (month: number) => string): string {
  const parts = calendarDay(isoDate)
  // Text that is no date (an old record, a hand-edited backup) is shown as it is.
  if (!parts) return isoDate
  return `${parts.day} ${monthName(parts.month)} ${parts.year}`
}

const longMonth = (month: number) => MONTH_NAMES[month - 1]!
const shortMonth = (month: number) => longMonth(month).slice(0, 3)

/** An ISO date in words: 9 December 2026. */
export const longDate = (isoDate: string) => written(isoDate, longMonth)

/** An ISO date for a table's narrow column: 9 Dec 2026. */
export const shortDate = (isoDate: string) => written(isoDate, shortMonth)

/** A day of the year (MM-DD, as the settings keep it) in words: 1 October. */
export function dayOfYear(monthDay: string): string {
  const [month = 0, day = 0] = monthDay.split('-').map(Number)
  return month >= 1 && month <= 12 && day >= 1 ? `${day} ${longMonth(month)}` : monthDay
}

// A moment (an ISO timestamp) is shown on the association's clock, wherever the server or the
// reader is: the clock on the wall of a British allotment site. The formatter is made on first
// use: loading a time zone's rules took 51 ms of a page's first load in desktop Chromium (more on
// a phone), which a page that shows no moment (a member's own page) should not pay as it opens.
let london: Intl.DateTimeFormat | undefined
const londonClock = () =>
  (london ??= new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    timeZone: 'Europe/London',
  }))

/** The London calendar day (ISO) and clock time (hh:mm, hh:mm:ss) of a moment. */
export function londonTime(instant: string) {
  const moment = new Date(instant)
  if (Number.isNaN(moment.getTime())) return undefined
  const parts = londonClock().formatToParts(moment)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    (parts.find((p) => p.type === type)?.value ?? '').padStart(2, '0')
  const time = `${part('hour')}:${part('minute')}`
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time,
    seconds: `${time}:${part('second')}`,
  }
}

let londonDay: Intl.DateTimeFormat | undefined

/**
 * The day a moment falls on by London's clock (ISO): 23:30 UTC on 1 July is 2 July there. The
 * organisation's "today", on the server (its clock's now) and on every screen (the device's), is
 * this day of now (decision 44). A day-only formatter: a fifth of the time of the clock's.
 */
export function londonDate(instant: Date): string {
  // London's offset is whole hours, so its day changes only on the minute: the minute asked
  // last (every request asks for now) is answered without formatting again.
  const minute = Math.floor(instant.getTime() / 60_000)
  if (minute === lastMinute.minute) return lastMinute.date
  lastMinute = { minute, date: formatLondonDate(instant) }
  return lastMinute.date
}

let lastMinute = { minute: Number.NaN, date: '' }

function formatLondonDate(instant: Date): string {
  londonDay ??= new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Europe/London',
  })
  const parts = londonDay.formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/**
 * The moment London's clock reads `time` (hh:mm) on `date`. London is on GMT or an hour ahead
 * (BST): of the two candidates, the one whose London time reads back the same. When BST begins
 * the hour from 01:00 is skipped and neither does: the GMT reading is taken, an hour later on the
 * wall. When BST ends the hour from 01:00 comes twice: the first (BST) is taken.
 */
export function londonMoment(date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`)
  for (const hoursAhead of [1, 0]) {
    const moment = new Date(wall - hoursAhead * 3_600_000)
    const read = londonTime(moment.toISOString())
    if (read?.date === date && read.time === time) return moment
  }
  return new Date(wall)
}

/** A moment as words and a time, for a sentence: { date: "25 November 2026", time: "10:27" }. */
export function longDateAndTime(instant: string): { date: string; time: string } {
  const at = londonTime(instant)
  return at ? { date: longDate(at.date), time: at.time } : { date: instant, time: '' }
}

/** A moment in a table or list: 24 Nov 2026, 20:35 (or 20:35:12 with seconds, as logs want). */
export function shortDateTime(instant: string, { seconds = false } = {}): string {
  const at = londonTime(instant)
  return at ? `${shortDate(at.date)}, ${seconds ? at.seconds : at.time}` : instant
}

/** An ISO date moved on by whole days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`)
  moved.setUTCDate(moved.getUTCDate() + days)
  return moved.toISOString().slice(0, 10)
}

/**
 * The date `months` calendar months after (or before) `date`, on the same day of the month, or on
 * the last day of a shorter month: 31 January and a month is 28 (or 29) February, as a tenancy's
 * notice or an instalment falls, never 3 March.
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number]
  const index = year * 12 + (month - 1) + months
  const movedYear = Math.floor(index / 12)
  const movedMonth = index - movedYear * 12
  // Day 0 of the month after is the month's last day.
  const lastDay = new Date(Date.UTC(movedYear, movedMonth + 1, 0)).getUTCDate()
  const pad = (value: number, digits: number) => String(value).padStart(digits, '0')
  return `${pad(movedYear, 4)}-${pad(movedMonth + 1, 2)}-${pad(Math.min(day, lastDay), 2)}`
}
