import { waitingListOrder } from '#shared/domain/waiting-order'
import type { Person } from '#shared/schemas/person'
import { reusableQuery } from '#server/core/db/reusable-query'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'
import { firstOpenSite, requireOpenSite } from '#server/features/sites/sql'

// Issue 46, item 3 (decision 47): a person waits on each site's list by a place of their own
// there. The person's own waiting-list fields stay what the specification's screens show and edit
// (on the list, the date and moment of joining, the order of entry): "on the list" is "has a place
// open", and their joining is that of the places they took with it. Every write of a person goes
// through `followPerson`, so the places never drift from the record.

/** Where a joining puts someone on a list: the same three things order every site's list. */
export type Joining = Pick<Person, 'joinedWaitingList' | 'joinedWaitingListAt' | 'waitingListEntry'>

/** Why a place ended. */
export type PlaceEnding = 'accepted' | 'lapsed' | 'left'

const joiningOf = (person: Joining): Joining => ({
  joinedWaitingList: person.joinedWaitingList,
  joinedWaitingListAt: person.joinedWaitingListAt,
  waitingListEntry: person.waitingListEntry,
})

const sameJoining = (a: Joining, b: Joining) =>
  a.joinedWaitingList === b.joinedWaitingList &&
  a.joinedWaitingListAt === b.joinedWaitingListAt &&
  a.waitingListEntry === b.waitingListEntry

/** The sites whose lists the person waits on, in the order the sites were added. */
export async function openPlaceSites(tx: ReadTx, personId: string): Promise<number[]> {
  const rows = await tx
    .selectFrom('waiting_places')
    .select('siteId')
    .where('personId', '=', personId)
    .where('open', '=', 1)
    .orderBy('siteId')
    .execute()
  return rows.map((row) => row.siteId)
}

/** The person's places on those sites' lists, taken now with the joining given (or taken again). */
export async function openPlaces(
  tx: WriteTx,
  personId: string,
  sites: readonly number[],
  joining: Joining,
): Promise<void> {
  if (sites.length === 0) return
  const values = { ...joiningOf(joining), open: 1, endedWhy: '' }
  await tx
    .insertInto('waiting_places')
    .values(sites.map((siteId) => ({ personId, siteId, ...values })))
    .onConflict((oc) => oc.columns(['personId', 'siteId']).doUpdateSet(values))
    .execute()
}

/** Ends the person's open places on those sites (every site's: null); the sites they ended on. */
export async function endPlaces(
  tx: WriteTx,
  personId: string,
  sites: readonly number[] | null,
  why: PlaceEnding,
): Promise<number[]> {
  let query = tx
    .updateTable('waiting_places')
    .set({ open: 0, endedWhy: why })
    .where('personId', '=', personId)
    .where('open', '=', 1)
  if (sites) {
    if (sites.length === 0) return []
    query = query.where('siteId', 'in', sites)
  }
  const rows = await query.returning('siteId').execute()
  return rows.map((row) => row.siteId).sort((a, b) => a - b)
}

/** Many people's places end at once (a round of the yearly question lapsing). */
export async function endPlacesOf(
  tx: WriteTx,
  personIds: readonly string[],
  why: PlaceEnding,
): Promise<void> {
  for (let start = 0; start < personIds.length; start += 1_000)
    await tx
      .updateTable('waiting_places')
      .set({ open: 0, endedWhy: why })
      .where('personId', 'in', personIds.slice(start, start + 1_000))
      .where('open', '=', 1)
      .execute()
}

/** The sites of the places the person lapsed from: restoring gives those back. */
export async function lapsedPlaceSites(tx: ReadTx, personId: string): Promise<number[]> {
  const rows = await tx
    .selectFrom('waiting_places')
    .select('siteId')
    .where('personId', '=', personId)
    .where('open', '=', 0)
    .where('endedWhy', '=', 'lapsed')
    .orderBy('siteId')
    .execute()
  return rows.map((row) => row.siteId)
}

/** Restores the lapsed places, each where it was on its list. */
export async function reopenLapsedPlaces(tx: WriteTx, personId: string): Promise<void> {
  await tx
    .updateTable('waiting_places')
    .set({ open: 1, endedWhy: '' })
    .where('personId', '=', personId)
    .where('open', '=', 0)
    .where('endedWhy', '=', 'lapsed')
    .execute()
}

/**
 * The places follow a write of the person (`before` as it was, undefined for a new one; `open`
 * their open places, read with the write by `openPlaceRows`, none when `after` is off the list):
 * off the list, every open place ends; onto it, places are taken on `sites` (by default the
 * organisation's first open site); a new joining (a date typed in, sent to the end) moves the
 * places that shared the old one, or only those on `sites` when they are named.
 */
export async function followPerson(
  tx: WriteTx,
  before: (Joining & { onWaitingList: boolean }) | undefined,
  after: Person,
  open: readonly OpenPlace[],
  sites?: readonly number[],
): Promise<void> {
  if (!after.onWaitingList) {
    if (before?.onWaitingList) await endPlaces(tx, after.id, null, 'left')
    return
  }
  if (open.length === 0) {
    for (const siteId of sites ?? []) await requireOpenSite(tx, siteId)
    await openPlaces(tx, after.id, sites ?? [(await firstOpenSite(tx)).id], after)
    return
  }
  if (!before?.onWaitingList || sameJoining(before, after)) return
  const moving = open.filter((place) =>
    sites ? sites.includes(place.siteId) : sameJoining(place, before),
  )
  await openPlaces(
    tx,
    after.id,
    moving.map((place) => place.siteId),
    after,
  )
}

/**
 * Whether a write of `before` (as read in the write, under its lock, with the sites of its open
 * places) as `after` leaves its places as they are, so that `followPerson` would change nothing
 * and need not be given the places: on the list or off it as before, and if on it, with places and
 * the same joining, none named to move.
 */
export function placesStay(
  before: Person,
  openSites: readonly number[],
  after: Person,
  sites?: readonly number[],
): boolean {
  if (sites || before.onWaitingList !== after.onWaitingList) return false
  return !after.onWaitingList || (openSites.length > 0 && sameJoining(before, after))
}

/** An open place on a list, with the joining it was taken with. */
export type OpenPlace = Joining & { siteId: number }

/** The person's open places, for `followPerson`: none for one off the list (nothing is read). */
// Read with each change of a person on the list: compiled once (reusable-query.ts).
const openPlacesOf = reusableQuery((kysely, personId: string) =>
  kysely
    .selectFrom('waiting_places')
    .select(['siteId', 'joinedWaitingList', 'joinedWaitingListAt', 'waitingListEntry'])
    .where('personId', '=', personId)
    .where('open', '=', 1),
)

export async function openPlaceRows(tx: ReadTx, person: Person): Promise<OpenPlace[]> {
  if (!person.onWaitingList) return []
  return openPlacesOf(tx, person.id)
}

/** A new person's place on a site's list, from the date given (an import's row). */
export interface NewPlace {
  personId: string
  siteId: number
  joinedWaitingList: string
}

/**
 * New people all at once (an import): their places, each on its site's list from its date, in
 * the order of the person's joining (one person may wait on several lists).
 */
export async function openPlacesOfMany(
  tx: WriteTx,
  people: readonly Person[],
  places: readonly NewPlace[],
): Promise<void> {
  const joinings = new Map(people.map((person) => [person.id, joiningOf(person)]))
  for (let start = 0; start < places.length; start += 1_000)
    await tx
      .insertInto('waiting_places')
      .values(
        places.slice(start, start + 1_000).map(({ personId, siteId, joinedWaitingList }) => ({
          personId,
          siteId,
          ...joinings.get(personId)!,
          joinedWaitingList,
        })),
      )
      .execute()
}

/**
 * A merge, or an erasure's new id: the places of `from` become `to`'s, on every site `to` has no
 * place of its own; the rest go with `from`.
 */
export async function movePlaces(tx: WriteTx, from: string, to: string): Promise<void> {
  await tx
    .updateTable('waiting_places')
    .set({ personId: to })
    .where('personId', '=', from)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('waiting_places as theirs')
            .select('theirs.siteId')
            .where('theirs.personId', '=', to)
            .whereRef('theirs.siteId', '=', 'waiting_places.siteId'),
        ),
      ),
    )
    .execute()
  await deletePlaces(tx, [from])
}

/** The places of people whose records go (a removal, an undone import). */
export async function deletePlaces(tx: WriteTx, personIds: readonly string[]): Promise<void> {
  for (let start = 0; start < personIds.length; start += 1_000)
    await tx
      .deleteFrom('waiting_places')
      .where('personId', 'in', personIds.slice(start, start + 1_000))
      .execute()
}

/** Everyone waiting on the site's list, with their names, in its order (position from 1). */
export async function siteListInOrder(tx: ReadTx, siteId: number) {
  const rows = await tx
    .selectFrom('waiting_places')
    .innerJoin('people', 'people.id', 'waiting_places.personId')
    .select([
      'people.id',
      'people.firstName',
      'people.lastName',
      'waiting_places.joinedWaitingList',
      'waiting_places.joinedWaitingListAt',
      'waiting_places.waitingListEntry',
    ])
    .where('waiting_places.siteId', '=', siteId)
    .where('waiting_places.open', '=', 1)
    .execute()
  return waitingListOrder(rows.map((row) => ({ ...row, onWaitingList: true })))
}

/** Each waiting person's place on the first list they wait on, and the sites of all their lists. */
export interface PlacesOfEveryone {
  /** Their place on the first list (by the sites' order), and that list's length. */
  first: Map<string, { position: number; total: number }>
  sites: Map<string, number[]>
}

/** One query for every list (a letter's merge fields, and whose sites a message reaches). */
export async function placesOfEveryone(tx: ReadTx): Promise<PlacesOfEveryone> {
  const rows = await tx
    .selectFrom('waiting_places')
    .select([
      'personId as id',
      'siteId',
      'joinedWaitingList',
      'joinedWaitingListAt',
      'waitingListEntry',
    ])
    .where('open', '=', 1)
    .execute()
  const bySite = new Map<number, typeof rows>()
  for (const row of rows) bySite.set(row.siteId, [...(bySite.get(row.siteId) ?? []), row])
  const first = new Map<string, { position: number; total: number }>()
  const sites = new Map<string, number[]>()
  for (const siteId of [...bySite.keys()].sort((a, b) => a - b)) {
    const list = waitingListOrder(
      bySite.get(siteId)!.map((row) => ({ ...row, onWaitingList: true })),
    )
    for (const place of list) {
      if (!first.has(place.id))
        first.set(place.id, { position: place.position, total: list.length })
      sites.set(place.id, [...(sites.get(place.id) ?? []), siteId])
    }
  }
  return { first, sites }
}

/** What the council report reads of the lists of the sites in scope, counted here (decision 52). */
export interface ListsForReport {
  /** Each site's open places, and of them those joined by the day given. */
  counts: Map<number, { open: number; openBy: number }>
  /** The places ended by accepting a plot that had been joined by the day given. */
  acceptedBy: { personId: string; siteId: number }[]
  /** The first day anyone joined one of the lists; '' for none. */
  earliest: string
}

/** The lists of the sites in scope as the council report reads them at `by` (a year's end). */
export async function listsForReport(
  tx: ReadTx,
  scope: SiteScope,
  by: string,
): Promise<ListsForReport> {
  let counts = tx
    .selectFrom('waiting_places')
    .select((eb) => [
      'siteId',
      eb.fn.countAll().as('open'),
      eb.fn.sum(eb.case().when('joinedWaitingList', '<=', by).then(1).else(0).end()).as('openBy'),
    ])
    .where('open', '=', 1)
    .groupBy('siteId')
  let accepted = tx
    .selectFrom('waiting_places')
    .select(['personId', 'siteId'])
    .where('open', '=', 0)
    .where('endedWhy', '=', 'accepted')
    .where('joinedWaitingList', '<=', by)
  let earliest = tx
    .selectFrom('waiting_places')
    .select((eb) => eb.fn.min('joinedWaitingList').as('day'))
    .where('joinedWaitingList', '<>', '')
  if (scope.sites) {
    counts = counts.where('siteId', 'in', scope.sites)
    accepted = accepted.where('siteId', 'in', scope.sites)
    earliest = earliest.where('siteId', 'in', scope.sites)
  }
  const [countRows, acceptedBy, first] = await Promise.all([
    counts.execute(),
    accepted.execute(),
    earliest.executeTakeFirst(),
  ])
  return {
    counts: new Map(
      countRows.map((row) => [row.siteId, { open: Number(row.open), openBy: Number(row.openBy) }]),
    ),
    acceptedBy,
    earliest: first?.day ?? '',
  }
}

/** How many wait on each site's list (an open place), by site id (none: left out). */
export async function openPlaceCountsBySite(tx: ReadTx): Promise<Map<number, number>> {
  const rows = await tx
    .selectFrom('waiting_places')
    .select((eb) => ['siteId', eb.fn.countAll().as('count')])
    .where('open', '=', 1)
    .groupBy('siteId')
    .execute()
  return new Map(rows.map((row) => [row.siteId, Number(row.count)]))
}

/** The day each of those people joined each site's list they have had a place on: "person site" → day. */
export async function joinedDays(
  tx: ReadTx,
  personIds: readonly string[],
): Promise<Map<string, string>> {
  if (personIds.length === 0) return new Map()
  const rows = await tx
    .selectFrom('waiting_places')
    .select(['personId', 'siteId', 'joinedWaitingList'])
    .where('personId', 'in', [...new Set(personIds)])
    .execute()
  return new Map(rows.map((row) => [`${row.personId} ${row.siteId}`, row.joinedWaitingList]))
}
