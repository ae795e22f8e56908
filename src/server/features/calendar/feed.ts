import ical, { ICalEvent, type ICalCalendar, type ICalEventData } from 'ical-generator'
import { addDays } from '#shared/domain/dates'
import { calendarMessages } from '#shared/messages/calendar'
import type { CalendarDate } from '#shared/schemas/calendar'
import type { Config } from '#server/core/config'
import { associationDetails } from '#server/core/db/association-settings'
import type { Db } from '#server/core/db/database'
import { keptPerDataVersion } from '#server/core/db/per-data-version'
import { notFound } from '#server/core/errors'
import { hashOf } from '#server/core/link-tokens'
import { readSiteLimit } from '#server/core/site-scope'
import type { Clock } from '#server/core/clock'
import { calendarAccount } from '#server/features/accounts/sql'
import { foldLines } from '#server/features/calendar/fold-lines'
import { calendarReach, PUBLIC_REACH, type CalendarReach } from '#server/features/calendar/reach'
import { datesBetween, londonDays } from '#server/features/calendar/read-calendar'
import { feedOwner } from '#server/features/calendar/feeds-sql'
import { feedEventsSince, type FeedEventRow } from '#server/features/calendar/sql'

// The calendar as iCalendar (RFC 5545), for phones' and computers' calendar apps to subscribe to
// (decision 63). Every time is written in UTC ("...Z"), the moment itself: a calendar app shows it
// on its own clock, right on either side of the change to and from summer time, with no time zone
// table to get wrong. The days that appear by themselves are whole days (VALUE=DATE).
//
// A feed is built once per data version, day and reach, and kept (a council's committee's feed is
// 5,000 events and 2 MB): the same feed asked for again before anything is written costs one
// indexed read. Whose address it is, and whether their account may still see it, is read at every
// request all the same.

/** How far back a feed reaches: a year of what has been, and all that is to come. */
const DAYS_BACK = 366
/** The committee's dates are read up to two years ahead (a rent year is set months before). */
const DATES_AHEAD = 731
/** Feeds kept: the public's, the committee's and a member's of each of a few dozen sites. */
const FEEDS_KEPT = 40

interface FeedCore {
  db: Db
  config: Config
  clock: Clock
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8'

/** The public feed and the private addresses' feeds of one app. */
export function calendarFeeds({ db, config, clock }: FeedCore) {
  const kept = keptPerDataVersion<string>(db, FEEDS_KEPT)
  const host = new URL(config.publicUrl).hostname

  function feedFor(reach: CalendarReach): Promise<string> {
    const today = clock.today()
    const key = JSON.stringify([today, reach.events, reach.dates])
    return kept(key, async () => {
      const tx = db.kysely
      const [rows, dates, details] = await Promise.all([
        feedEventsSince(tx, reach.events, londonDays(addDays(today, -DAYS_BACK), today).from),
        reach.dates
          ? datesBetween(tx, reach.dates, addDays(today, -DAYS_BACK), addDays(today, DATES_AHEAD))
          : [],
        associationDetails(tx, config),
      ])
      return writeCalendar(details.name, host, rows, dates)
    })
  }

  return {
    /** The public's feed: the public events of every site. */
    publicFeed: () => feedFor(PUBLIC_REACH),
    /**
     * The feed of a private calendar address (`token` from its path): what its account may see
     * now, by its level, its sites and its person's. 404 for an address reset since, or never made,
     * or whose account is disabled or gone: the same answer, telling nothing.
     */
    async privateFeed(token: string): Promise<string> {
      const tx = db.kysely
      const userId = await feedOwner(tx, hashOf(token))
      const account = userId ? await calendarAccount(tx, userId) : undefined
      if (!account || account.disabled) throw notFound(calendarMessages.feedMissing)
      const reach = await calendarReach(tx, {
        level: account.level,
        sites: readSiteLimit(account.sites),
        personId: account.personId,
      })
      return feedFor(reach)
    },
  }
}

/**
 * The iCalendar text of the events and dates. `host` makes each item's lasting UID. ical-generator
 * writes the calendar and each item; the lines are folded here (its own folding encodes each
 * character on its own, a second for a council's feed).
 */
export function writeCalendar(
  association: string,
  host: string,
  rows: readonly FeedEventRow[],
  dates: readonly CalendarDate[],
): string {
  const calendar = ical({
    name: calendarMessages.feedName(association),
    prodId: { company: association || 'allotments', product: 'calendar', language: 'EN' },
    // Calendar apps that heed it look again every hour.
    ttl: 3600,
  })
  const items = [
    ...rows.map((row) => itemText(calendar, eventItem(row, host))),
    ...dates.map((date) => itemText(calendar, dateItem(date, host))),
  ]
  const frame = calendar.toString()
  const end = frame.lastIndexOf('END:VCALENDAR')
  return frame.slice(0, end) + items.join('') + frame.slice(end)
}

const itemText = (calendar: ICalCalendar, data: ICalEventData) =>
  foldLines(new ICalEvent(data, calendar).toString())

const eventItem = (row: FeedEventRow, host: string): ICalEventData => ({
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

const dateItem = (date: CalendarDate, host: string): ICalEventData => ({
  id: `${date.key}@${host}`,
  // A whole day: written as its date, which ical-generator reads from the UTC day.
  start: new Date(`${date.date}T00:00:00Z`),
  allDay: true,
  summary: date.title,
})

function describe(description: string, helpersWanted: number | null): string {
  const helpers = helpersWanted ? calendarMessages.helpersWanted(helpersWanted) : ''
  return [description, helpers].filter(Boolean).join('\n\n')
}
