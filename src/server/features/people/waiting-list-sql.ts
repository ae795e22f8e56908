import { londonDate } from '#shared/domain/dates'
import { fullName } from '#shared/domain/message-copies'
import { waitingPlaceOf } from '#shared/domain/waiting-order'
import type { WaitingPlace } from '#shared/schemas/person'
import { waitingListMessages } from '#shared/messages/waiting-list'
import type { LapsedPerson, WaitingListEvent } from '#shared/schemas/letting'
import type { WaitingListEventsTable } from '#server/core/db/schema'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'
import {
  endPlacesOf,
  movePlaces,
  openPlaceSites,
  siteListInOrder,
} from '#server/features/people/waiting-places-sql'

// The waiting list: its order, who is on it, and each person's history on it. The history is the
// people feature's (a person added to the list, moved off it); letting records into it too
// (offers, the yearly question, lapsing, restoring) and reads it through these functions.

/** One change of the person's place; gives back its id, which is also its order of entry. */
export async function recordWaitingListEvent(
  tx: WriteTx,
  personId: string,
  event: WaitingListEventsTable['event'],
  reason: string,
  createdBy: string,
  at: Date,
): Promise<number> {
  const row = await tx
    .insertInto('waiting_list_events')
    .values({ personId, event, reason, createdBy, createdAt: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Where a join puts the person: the moment (the app's clock) and order of entry it gives. */
export interface Joining {
  joinedWaitingListAt: string
  waitingListEntry: number
}

/**
 * The person takes their place on the list now (added, moved there, applied, imported, or sent
 * to the end): the event recorded, and the moment and order of entry to store on the person.
 */
export async function recordJoining(
  tx: WriteTx,
  personId: string,
  event: 'joined' | 'declined',
  reason: string,
  createdBy: string,
  now: Date,
): Promise<Joining> {
  const entry = await recordWaitingListEvent(tx, personId, event, reason, createdBy, now)
  return { joinedWaitingListAt: now.toISOString(), waitingListEntry: entry }
}

/** Many join at once, in the order given (an import's rows): their joinings by nickname. */
export async function recordJoinings(
  tx: WriteTx,
  personIds: readonly string[],
  reason: string,
  createdBy: string,
  now: Date,
): Promise<Map<string, Joining>> {
  const joinings = new Map<string, Joining>()
  const createdAt = now.toISOString()
  // A thousand rows a statement; both engines number a statement's rows in the order given.
  for (let start = 0; start < personIds.length; start += 1_000) {
    const rows = await tx
      .insertInto('waiting_list_events')
      .values(
        personIds.slice(start, start + 1_000).map((personId) => ({
          personId,
          event: 'joined' as const,
          reason,
          createdBy,
          createdAt,
        })),
      )
      .returning(['id', 'personId'])
      .execute()
    for (const row of rows)
      joinings.set(row.personId, { joinedWaitingListAt: createdAt, waitingListEntry: row.id })
  }
  return joinings
}

/**
 * The history of people whose records go with an undone import, so that someone imported again
 * under the same nickname starts afresh.
 */
export async function deleteWaitingListHistory(
  tx: WriteTx,
  personIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < personIds.length; start += 1_000)
    await tx
      .deleteFrom('waiting_list_events')
      .where('personId', 'in', personIds.slice(start, start + 1_000))
      .execute()
}

/** The same change of place for many people at once (a whole round lapsing), in batches. */
export function recordWaitingListEvents(
  tx: WriteTx,
  personIds: readonly string[],
  event: WaitingListEventsTable['event'],
  reason: string,
  createdBy: string,
  at: Date,
): Promise<void> {
  const createdAt = at.toISOString()
  return insertInBatches(
    tx,
    'waiting_list_events',
    personIds.map((personId) => ({ personId, event, reason, createdBy, createdAt })),
  )
}

/**
 * The person's history on the list, oldest first. It starts at their join: someone written to the
 * list around the app (a seed, a restored export) without one is shown joining on their date.
 */
export async function waitingListHistory(
  tx: ReadTx,
  personId: string,
): Promise<WaitingListEvent[]> {
  const [events, person] = await Promise.all([
    tx
      .selectFrom('waiting_list_events')
      .selectAll()
      .where('personId', '=', personId)
      .orderBy('id')
      .execute(),
    tx
      .selectFrom('people')
      .select(['joinedWaitingList', 'onWaitingList'])
      .where('id', '=', personId)
      .executeTakeFirst(),
  ])
  const joined = events.some((event) => event.event === 'joined')
  if (joined || !person || (!person.onWaitingList && events.length === 0)) return events
  const join: WaitingListEvent = {
    id: 0,
    personId,
    event: 'joined',
    reason: waitingListMessages.joinedBeforeHistory,
    createdBy: 'system',
    createdAt: `${person.joinedWaitingList}T00:00:00.000Z`,
  }
  return [join, ...events]
}

/** The latest change of the person's place, if any. */
export async function lastWaitingListEvent(
  tx: ReadTx,
  personId: string,
): Promise<WaitingListEventsTable['event'] | undefined> {
  const row = await tx
    .selectFrom('waiting_list_events')
    .select('event')
    .where('personId', '=', personId)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row?.event
}

/** When each person's place last changed (leaving the list among them), by person. */
export async function lastWaitingListChanges(tx: ReadTx): Promise<Map<string, string>> {
  const rows = await tx
    .selectFrom('waiting_list_events')
    .select(['personId', (eb) => eb.fn.max('createdAt').as('last')])
    .groupBy('personId')
    .execute()
  return new Map(rows.map((row) => [row.personId, row.last]))
}

/** Everyone on the site's waiting list, with their names, in the list's own order. */
export function waitingListInOrder(tx: ReadTx, siteId: number) {
  return siteListInOrder(tx, siteId)
}

/**
 * The person's place on a site's list and why (the first site they wait on that `sites` allows,
 * by default any), or undefined when they wait on none of them.
 */
export async function waitingPlace(
  tx: ReadTx,
  personId: string,
  sites: readonly number[] | null = null,
): Promise<WaitingPlace | undefined> {
  const siteId = (await openPlaceSites(tx, personId)).find((site) => !sites || sites.includes(site))
  if (siteId === undefined) return undefined
  return waitingPlaceOf(await waitingListInOrder(tx, siteId), personId, fullName)
}

/** The person's place on each site's list they wait on, in the order the sites were added. */
export async function placesOnLists(
  tx: ReadTx,
  personId: string,
): Promise<Array<{ siteId: number; position: number; total: number }>> {
  const places = []
  for (const siteId of await openPlaceSites(tx, personId)) {
    const waiting = await waitingListInOrder(tx, siteId)
    const found = waiting.find((person) => person.id === personId)
    if (found) places.push({ siteId, position: found.position, total: waiting.length })
  }
  return places
}

/** The person's place on the first list they wait on, and that list's length. */
export async function placeOnList(
  tx: ReadTx,
  personId: string,
): Promise<{ position: number; total: number } | undefined> {
  const [first] = await placesOnLists(tx, personId)
  return first && { position: first.position, total: first.total }
}

/**
 * Takes those named who are on the list off it, their place kept (a round of the yearly question
 * they did not answer), each at their next version: a plot holder only with a plot. One statement
 * per thousand people. Gives back who was taken off.
 */
export async function takeOffWaitingList(
  tx: WriteTx,
  personIds: readonly string[],
): Promise<string[]> {
  const taken: string[] = []
  for (let start = 0; start < personIds.length; start += 1_000) {
    const rows = await tx
      .updateTable('people')
      .set((eb) => ({
        onWaitingList: 0,
        isPlotHolder: eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('tenancy')
                .select('tenancy.plotId')
                .whereRef('tenancy.personId', '=', 'people.id'),
            ),
          )
          .then(eb.lit(1))
          .else(eb.lit(0))
          .end(),
        version: eb('version', '+', 1),
      }))
      .where('onWaitingList', '=', 1)
      .where('id', 'in', personIds.slice(start, start + 1_000))
      .returning('id')
      .execute()
    taken.push(...rows.map((row) => row.id))
  }
  await endPlacesOf(tx, taken, 'lapsed')
  return taken
}

/**
 * Those whose last change of place was lapsing, and who are still off the list: to restore. A
 * limited scope sees those who lapsed from its sites' lists.
 */
export async function lapsedPeople(tx: ReadTx, scope: SiteScope): Promise<LapsedPerson[]> {
  let query = tx
    .selectFrom('waiting_list_events as lapsed')
    .innerJoin('people', 'people.id', 'lapsed.personId')
    .select(['people.id', 'people.firstName', 'people.lastName', 'lapsed.createdAt'])
    .where('lapsed.event', '=', 'lapsed')
    .where('people.onWaitingList', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('waiting_list_events as later')
            .select('later.id')
            .whereRef('later.personId', '=', 'lapsed.personId')
            .whereRef('later.id', '>', 'lapsed.id'),
        ),
      ),
    )
    .orderBy('lapsed.id')
  const sites = scope.sites
  if (sites)
    query = query.where('people.id', 'in', (eb) =>
      eb
        .selectFrom('waiting_places')
        .select('waiting_places.personId')
        .where('waiting_places.siteId', 'in', sites)
        .where('waiting_places.endedWhy', '=', 'lapsed'),
    )
  const rows = await query.execute()
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row),
    lapsedOn: londonDate(new Date(row.createdAt)),
  }))
}

/** A person's erasure or merge: their waiting-list history and places move to the other id. */
export async function moveWaitingListHistory(tx: WriteTx, from: string, to: string) {
  await movePlaces(tx, from, to)
  await tx
    .updateTable('waiting_list_events')
    .set({ personId: to })
    .where('personId', '=', from)
    .execute()
}
