import ical from 'ical-generator'
import { addDays } from '#shared/domain/dates'
import { calendarMessages } from '#shared/messages/calendar'
import type { CalendarDate } from '#shared/schemas/calendar'
import type { Config } from '#server/core/config'
import { associationDetails } from '#server/core/db/association-settings'
import type { ReadTx } from '#server/core/db/write-transaction'
import { notFound } from '#server/core/errors'
import { hashOf } from '#server/core/link-tokens'
import { readSiteLimit } from '#server/core/site-scope'
import type { Clock } from '#server/core/clock'
import { calendarAccount } from '#server/features/accounts/sql'
import { calendarReach, PUBLIC_REACH, type CalendarReach } from '#server/features/calendar/reach'
import { datesBetween } from '#server/features/calendar/read-calendar'
import { feedOwner } from '#server/features/calendar/feeds-sql'
import { eventsBetween, type EventRow } from '#server/features/calendar/sql'

// The calendar as iCalendar (RFC 5545), for phones' and computers' calendar apps to subscribe to
// (decision 63). Every time is written in UTC ("...Z"), the moment itself: a calendar app shows it
// on its own clock, right on either side of the change to and from summer time, with no time zone
// table to get wrong. The days that appear by themselves are whole days (VALUE=DATE).

/** How far back a feed reaches: a year of what has been, and all that is to come. */
const DAYS_BACK = 366
/** The committee's dates are read up to two years ahead (a rent year is set months before). */
const DATES_AHEAD = 731

interface FeedCore {
  config: Config
  clock: Clock
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8'

/** The public's feed: the public events of every site. */
export function publicFeed(tx: ReadTx, core: FeedCore): Promise<string> {
  return feedFor(tx, core, PUBLIC_REACH)
}

/**
 * The feed of a private calendar address (`token` from its path): what its account may see now,
 * by its level, its sites and its person's. 404 for an address reset since, or never made, or
 * whose account is disabled or gone: the same answer, telling nothing.
 */
export async function privateFeed(tx: ReadTx, core: FeedCore, token: string): Promise<string> {
  const userId = await feedOwner(tx, hashOf(token))
  const account = userId ? await calendarAccount(tx, userId) : undefined
  if (!account || account.disabled) throw notFound(calendarMessages.feedMissing)
  const reach = await calendarReach(tx, {
    level: account.level,
    sites: readSiteLimit(account.sites),
    personId: account.personId,
  })
  return feedFor(tx, core, reach)
}

async function feedFor(tx: ReadTx, { config, clock }: FeedCore, reach: CalendarReach) {
  const today = clock.today()
  const since = new Date(clock.now().getTime() - DAYS_BACK * 86_400_000).toISOString()
  const [rows, dates, details] = await Promise.all([
    eventsBetween(tx, reach.events, since),
    reach.dates
      ? datesBetween(tx, reach.dates, addDays(today, -DAYS_BACK), addDays(today, DATES_AHEAD))
      : [],
    associationDetails(tx, config),
  ])
  return writeCalendar(details.name, new URL(config.publicUrl).hostname, rows, dates)
}

/** The iCalendar text of the events and dates. `host` makes each item's lasting UID. */
export function writeCalendar(
  association: string,
  host: string,
  rows: readonly EventRow[],
  dates: readonly CalendarDate[],
): string {
  const calendar = ical({
    name: calendarMessages.feedName(association),
    prodId: { company: association || 'allotments', product: 'calendar', language: 'EN' },
    // Calendar apps that heed it look again every hour.
    ttl: 3600,
  })
  for (const row of rows)
    calendar.createEvent({
      id: `event-${row.id}@${host}`,
      sequence: row.version - 1,
      stamp: new Date(row.updatedAt),
      start: new Date(row.startsAt),
      end: new Date(row.endsAt),
      summary: row.title,
      ...(row.place ? { location: row.place } : {}),
      ...(row.description || row.helpersWanted
        ? { description: describe(row.description, row.helpersWanted) }
        : {}),
    })
  for (const date of dates)
    calendar.createEvent({
      id: `${date.key}@${host}`,
      // A whole day: written as its date, which ical-generator reads from the UTC day.
      start: new Date(`${date.date}T00:00:00Z`),
      allDay: true,
      summary: date.title,
    })
  return calendar.toString()
}

function describe(description: string, helpersWanted: number | null): string {
  const helpers = helpersWanted ? calendarMessages.helpersWanted(helpersWanted) : ''
  return [description, helpers].filter(Boolean).join('\n\n')
}
