import { londonDate, londonMoment } from '#shared/domain/dates'
import type { Config } from '#server/core/config'

// The server's one clock. Every date a change stores (a tenancy's start, an offer's deadline, an
// invoice's due date) and every "is it due yet" reads it, so TODAY moves them all together, and a
// test that moves `config.clock` on moves every feature with it.
export interface Clock {
  /** Now, as the server takes it. */
  now(): Date
  /** Today's date, YYYY-MM-DD: the organisation's day, on London's clock (decision 44). */
  today(): string
}

export function clockOf(config: Pick<Config, 'clock'>): Clock {
  return {
    now: () => config.clock(),
    today: () => londonDate(config.clock()),
  }
}

const DAY = 86_400_000

/**
 * How far TODAY moves the clock from `now`. A day (YYYY-MM-DD) is London's: its clock then reads
 * that day at the time of day it reads now (the last hour of a 25-hour day held on that day). A
 * moment (YYYY-MM-DDTHH:MM) is UTC's, so a test can name one London's clock puts on the next day.
 */
export function offsetToToday(today: string, now: Date): number {
  if (today.includes('T')) return Date.parse(`${today}:00Z`) - now.getTime()
  const midnight = (day: string) => londonMoment(day, '00:00').getTime()
  const sinceMidnight = Math.min(now.getTime() - midnight(londonDate(now)), DAY - 1)
  return midnight(today) + sinceMidnight - now.getTime()
}
