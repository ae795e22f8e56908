import type { Selectable } from 'kysely'
import type { EventInput, EventVisibility } from '#shared/schemas/calendar'
import type { CalendarEventsTable } from '#server/core/db/schema'
import { updateAtVersion } from '#server/core/db/versioned'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The calendar's events (decision 63). An event's moments are kept as ISO instants (UTC), which
// sort as text: "ends after a moment" is a plain comparison on the index.

export type EventRow = Selectable<CalendarEventsTable>

/** What a viewer may see of the events: of which visibilities, and of which sites. */
export interface EventReach {
  visibilities: readonly EventVisibility[]
  /** The sites whose events are seen besides every site's; null for every site's. */
  sites: readonly number[] | null
}

/** Where an event stands, as the change stores it. */
export interface EventFields extends Omit<
  EventInput,
  'startDate' | 'startTime' | 'endDate' | 'endTime'
> {
  startsAt: string
  endsAt: string
}

const fieldsOf = (event: EventFields) => ({
  title: event.title,
  siteId: event.siteId,
  place: event.place,
  startsAt: event.startsAt,
  endsAt: event.endsAt,
  description: event.description,
  visibility: event.visibility,
  helpersWanted: event.helpersWanted,
  showComing: event.showComing ? 1 : 0,
})

/** The events the reach sees that end after `from`, soonest first: what the calendar and feeds read. */
function eventsReached(tx: ReadTx, reach: EventReach, from: string) {
  let query = tx
    .selectFrom('calendar_events')
    .where('endsAt', '>', from)
    .where('visibility', 'in', [...reach.visibilities])
  const sites = reach.sites
  if (sites)
    query = query.where((eb) =>
      eb.or([eb('siteId', 'is', null), ...(sites.length ? [eb('siteId', 'in', [...sites])] : [])]),
    )
  return query.orderBy('startsAt').orderBy('id')
}

/**
 * The events the reach sees that are on between two moments (ISO instants): ending after `from`
 * and starting before `until`, soonest first.
 */
export function eventsBetween(tx: ReadTx, reach: EventReach, from: string, until: string) {
  return eventsReached(tx, reach, from).selectAll().where('startsAt', '<', until).execute()
}

/** What a feed writes of an event. */
const FEED_COLUMNS = [
  'id',
  'title',
  'place',
  'startsAt',
  'endsAt',
  'description',
  'helpersWanted',
  'updatedAt',
  'version',
] as const
export type FeedEventRow = Pick<EventRow, (typeof FEED_COLUMNS)[number]>

/** The events the reach sees that end after `from` (a feed's: all that is to come), as a feed writes them. */
export function feedEventsSince(
  tx: ReadTx,
  reach: EventReach,
  from: string,
): Promise<FeedEventRow[]> {
  return eventsReached(tx, reach, from).select(FEED_COLUMNS).execute()
}

export function findEvent(tx: ReadTx, id: number): Promise<EventRow | undefined> {
  return tx.selectFrom('calendar_events').selectAll().where('id', '=', id).executeTakeFirst()
}

export function insertEvent(
  tx: WriteTx,
  event: EventFields,
  by: { userName: string; now: string },
): Promise<EventRow> {
  return tx
    .insertInto('calendar_events')
    .values({ ...fieldsOf(event), createdBy: by.userName, updatedAt: by.now, version: 1 })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Writes the event as the next version if it is still at `version`; 409 staleVersion otherwise. */
export async function updateEvent(
  tx: WriteTx,
  id: number,
  version: number,
  event: EventFields,
  now: string,
): Promise<number> {
  return updateAtVersion(tx, 'calendar_events', id, version, {
    ...fieldsOf(event),
    updatedAt: now,
  })
}

export async function deleteEvent(tx: WriteTx, id: number): Promise<void> {
  await tx.deleteFrom('calendar_events').where('id', '=', id).execute()
}
