import { numberedNickname } from '#shared/domain/people'
import { comparePlotIds, type TenantOf } from '#shared/domain/plots'
import { compareWaitingOrder } from '#shared/domain/waiting-order'
import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import type { Database, PersonRow } from '#server/core/db/schema'
import type { ExpressionBuilder } from 'kysely'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import { reusableQuery, reusableStatement } from '#server/core/db/reusable-query'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { forbidden, notFound } from '#server/core/errors'
import { reachesAny, type SiteScope } from '#server/core/site-scope'
import { updateAtVersion } from '#server/core/db/versioned'
import { freeReference, randomReference } from '#server/core/references'
import {
  deletePlaces,
  followPerson,
  openPlaceRows,
  placesStay,
  openPlacesOfMany,
  siteListInOrder,
  type NewPlace,
} from '#server/features/people/waiting-places-sql'

export type { NewPlace } from '#server/features/people/waiting-places-sql'

export type PeopleStatus = 'plotholders' | 'waitinglist'

// Rows hold flags as 0/1 and no plot list: a person's plots are their tenancy rows.
function toPerson(row: PersonRow, plots: readonly string[]): Person {
  return {
    id: row.id,
    title: row.title,
    firstName: row.firstName,
    lastName: row.lastName,
    dateJoined: row.dateJoined,
    joinedWaitingList: row.joinedWaitingList,
    joinedWaitingListAt: row.joinedWaitingListAt,
    waitingListEntry: row.waitingListEntry,
    address: row.address,
    phoneNumber: row.phoneNumber,
    email: row.email,
    altEmail: row.altEmail,
    contactBy: row.contactBy,
    concession: Boolean(row.concession),
    notes: row.notes,
    reference: row.reference ?? '',
    plots: [...plots].sort(comparePlotIds),
    isPlotHolder: Boolean(row.isPlotHolder),
    onWaitingList: Boolean(row.onWaitingList),
    version: row.version,
  }
}

function fieldsOf(person: Person) {
  return {
    title: person.title,
    firstName: person.firstName,
    lastName: person.lastName,
    dateJoined: person.dateJoined,
    joinedWaitingList: person.joinedWaitingList,
    joinedWaitingListAt: person.joinedWaitingListAt,
    waitingListEntry: person.waitingListEntry,
    address: person.address,
    phoneNumber: person.phoneNumber,
    email: person.email,
    altEmail: person.altEmail,
    contactBy: person.contactBy,
    concession: person.concession ? 1 : 0,
    notes: person.notes,
    isPlotHolder: person.isPlotHolder ? 1 : 0,
    onWaitingList: person.onWaitingList ? 1 : 0,
  }
}

// Plain code-unit order, so that both engines (whatever their collation) list people alike.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function groupBy<K extends string, V extends string>(
  rows: ReadonlyArray<Record<K | V, string>>,
  key: K,
  value: V,
): Map<string, string[]> {
  const grouped = new Map<string, string[]>()
  for (const row of rows) {
    const values = grouped.get(row[key])
    if (values) values.push(row[value])
    else grouped.set(row[key], [row[value]])
  }
  return grouped
}

// Issue 46 (decisions 46 and 47): the one rule of whom a scope reaches. A person is on the sites
// of the plots they hold (their tenancy rows name the site) and of the lists they wait on (their
// open places).

/**
 * The condition on `people` of those holding a plot on, or waiting on a list of, the sites. One
 * `in` of the two sets, each read from its site's index, rather than a check of both for every
 * person: a site's list of a council's 40,000 people reads its few hundred (bench:sites).
 */
function reaching(eb: ExpressionBuilder<Database, 'people'>, sites: readonly number[]) {
  return eb(
    'people.id',
    'in',
    eb
      .selectFrom('tenancy')
      .select('tenancy.personId')
      .where('tenancy.siteId', 'in', sites)
      .union(
        eb
          .selectFrom('waiting_places')
          .select('waiting_places.personId')
          .where('waiting_places.siteId', 'in', sites)
          .where('waiting_places.open', '=', 1),
      ),
  )
}

/**
 * The ids of the people a limited scope reaches, as a subquery: for the lists of people (here)
 * and of what hangs on them (another feature's marks), filtered in SQL.
 */
export function peopleInScope(tx: ReadTx, sites: readonly number[]) {
  return tx
    .selectFrom('people')
    .select('people.id')
    .where((eb) => reaching(eb, sites))
}

/** The sites a person is on: their plots' (`held`) and their lists' (`waiting`). */
export function sitesOf(held: readonly number[], waiting: readonly number[]): number[] {
  return [...new Set([...held, ...waiting])].sort((a, b) => a - b)
}

// One query for the tenancy rows (of the people in scope), grouped here: lists never ask once
// per person.
async function plotsByPerson(tx: ReadTx, scope: SiteScope): Promise<Map<string, string[]>> {
  let query = tx.selectFrom('tenancy').select(['personId', 'plotId'])
  if (scope.sites) query = query.where('personId', 'in', peopleInScope(tx, scope.sites))
  return groupBy(await query.execute(), 'personId', 'plotId')
}

/** The people the scope reaches (all of them, or those of the list asked for). */
export async function listPeople(
  tx: ReadTx,
  scope: SiteScope,
  status?: PeopleStatus,
): Promise<Person[]> {
  // An erased record is kept for the accounts, not to be chosen again (a tenant, an addressee).
  let query = tx.selectFrom('people').selectAll().where('erasedOn', 'is', null)
  if (status === 'plotholders') query = query.where('isPlotHolder', '=', 1)
  if (status === 'waitinglist') query = query.where('onWaitingList', '=', 1)
  const sites = scope.sites
  if (sites) query = query.where((eb) => reaching(eb, sites))
  const [rows, plots] = await Promise.all([query.execute(), plotsByPerson(tx, scope)])
  const people = rows.map((row) => toPerson(row, plots.get(row.id) ?? []))
  if (status === 'waitinglist' && sites?.length === 1) {
    // One site's list (decision 47): its own order, by the places on it.
    const order = new Map((await siteListInOrder(tx, sites[0]!)).map((p) => [p.id, p.position]))
    return people
      .filter((person) => order.has(person.id))
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  }
  if (status === 'waitinglist') return people.sort(compareWaitingOrder)
  return people.sort((a, b) => compareText(a.id, b.id))
}

// The person, their tenancy rows and their open places in one indexed read (a row per plot and
// place, or one with neither), compiled once: every change to a person or a tenancy begins with it.
const personWithPlots = reusableQuery((kysely, id: string) =>
  kysely
    .selectFrom('people')
    .leftJoin('tenancy', 'tenancy.personId', 'people.id')
    .leftJoin('waiting_places', (join) =>
      join.onRef('waiting_places.personId', '=', 'people.id').on('waiting_places.open', '=', 1),
    )
    .selectAll('people')
    .select(['tenancy.plotId', 'tenancy.siteId', 'waiting_places.siteId as waitingSiteId'])
    .where('people.id', '=', id),
)

/** A person and the sites they are on (their plots' and their list's). */
export interface PersonOnSites {
  person: Person
  sites: number[]
  /** The sites of their open places on the lists (none when off the list). */
  waitingSites: number[]
  /** The day the record was erased (a former member's), or null. */
  erasedOn: string | null
}

// The values a column of the joined rows holds, each once (a plot repeats with each place).
const distinct = <V>(values: ReadonlyArray<V | null>): V[] =>
  [...new Set(values)].filter((value): value is V => value !== null)

async function findPersonOnSites(tx: ReadTx, id: string): Promise<PersonOnSites | undefined> {
  const rows = await personWithPlots(tx, id)
  const [row] = rows
  if (!row) return undefined
  const plots = distinct(rows.map((r) => r.plotId))
  const held = distinct(rows.map((r) => r.siteId))
  const waiting = row.onWaitingList ? distinct(rows.map((r) => r.waitingSiteId)) : []
  return {
    person: toPerson(row, plots),
    sites: sitesOf(held, waiting),
    waitingSites: waiting,
    erasedOn: row.erasedOn,
  }
}

/** The sites a person is on (their plots' and their list's); none for one not on record. */
export async function sitesOfPerson(tx: ReadTx, id: string): Promise<number[]> {
  return (await findPersonOnSites(tx, id))?.sites ?? []
}

export async function findPerson(tx: ReadTx, id: string): Promise<Person | undefined> {
  return (await findPersonOnSites(tx, id))?.person
}

/** How a person is asked for within a scope. */
export interface Reach {
  /** One on no site at all (new, or a former member) is reached too: to become a tenant. */
  orUnplaced?: boolean
  /** The change under way: its log entry (or its refused attempt's) names the person's sites. */
  change?: { sites?: readonly number[] }
}

/**
 * The person, read fresh, with their sites: 404 when there is none, 403 when the scope does not
 * reach them.
 */
export async function requirePersonInScope(
  tx: ReadTx,
  scope: SiteScope,
  id: string,
  { orUnplaced = false, change }: Reach = {},
): Promise<PersonOnSites> {
  const found = await findPersonOnSites(tx, id)
  if (!found) throw notFound(peopleMessages.personMissing(id))
  if (change) change.sites = found.sites
  if (!reachesAny(scope, found.sites) && !(orUnplaced && found.sites.length === 0))
    throw forbidden()
  return found
}

/** Whether anyone is on record yet (the first-run steps). */
export async function anyPerson(tx: ReadTx): Promise<boolean> {
  return (await tx.selectFrom('people').select('id').limit(1).executeTakeFirst()) !== undefined
}

// Nicknames differing only in case would be told apart by nobody reading a tenant list. Both
// sides go through the engine's lower(), so an exact repeat is caught even where SQLite folds
// only ASCII letters.
/** Every person's nickname (their id). */
export async function personIds(tx: ReadTx): Promise<string[]> {
  const rows = await tx.selectFrom('people').select('id').execute()
  return rows.map((row) => row.id)
}

export async function nicknameTaken(tx: ReadTx, id: string): Promise<boolean> {
  const row = await tx
    .selectFrom('people')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['id']), '=', eb.fn('lower', [eb.val(id)])))
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The nickname, or failing that the first of it with 2, 3, … after it, that no person has and
 * that `alsoTaken` (an application waiting for its confirmation, say) does not hold either.
 */
export async function freeNickname(
  tx: ReadTx,
  base: string,
  alsoTaken: (nickname: string) => Promise<boolean> = async () => false,
): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = numberedNickname(base, n)
    if (!(await alsoTaken(candidate)) && !(await nicknameTaken(tx, candidate))) return candidate
  }
}

/** Whether a person holds the reference. */
export async function referenceHeld(tx: ReadTx, reference: string): Promise<boolean> {
  const row = await tx
    .selectFrom('people')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirst()
  return row !== undefined
}

// Everyone has a reference from the day they are put on record, whichever way they come: the one
// their application gave them (letting passes it), or a new one.
const rowOf = (person: Person) => ({
  id: person.id,
  ...fieldsOf(person),
  reference: person.reference,
  version: person.version,
})

/** A new person; one on the list takes places on `waitingSites` (by default the first site's). */
export async function insertPerson(
  tx: WriteTx,
  person: Person,
  waitingSites?: readonly number[],
): Promise<Person> {
  const reference = person.reference || (await freeReference((drawn) => referenceHeld(tx, drawn)))
  const inserted = { ...person, reference }
  const [, open] = await Promise.all([
    tx.insertInto('people').values(rowOf(inserted)).execute(),
    openPlaceRows(tx, inserted),
  ])
  await followPerson(tx, undefined, inserted, open, waitingSites)
  return inserted
}

/** New people all at once (an import): as insertPerson, in a few statements. */
/** Those waiting take a place on `siteId`'s list (the first open site's when left out). */
export async function insertPeople(
  tx: WriteTx,
  people: readonly Person[],
  places: readonly NewPlace[],
): Promise<Person[]> {
  const references = await freeReferences(tx, people.filter((person) => !person.reference).length)
  const inserted = people.map((person) => ({
    ...person,
    reference: person.reference || references.pop()!,
  }))
  await insertInBatches(tx, 'people', inserted.map(rowOf))
  await openPlacesOfMany(tx, inserted, places)
  return inserted
}

/** As many references as asked for, each new, that no person holds: a query a thousand. */
async function freeReferences(tx: ReadTx, count: number): Promise<string[]> {
  const drawn = new Set<string>()
  while (drawn.size < count) {
    const candidates = new Set<string>()
    while (candidates.size < Math.min(count - drawn.size, 1_000)) {
      const reference = randomReference()
      if (!drawn.has(reference)) candidates.add(reference)
    }
    const held = await tx
      .selectFrom('people')
      .select('reference')
      .where('reference', 'in', [...candidates])
      .execute()
    const taken = new Set(held.map((row) => row.reference))
    for (const reference of candidates) if (!taken.has(reference)) drawn.add(reference)
  }
  return [...drawn]
}

/** People who gained plots in an import: plot holders now, at their next version. */
export async function markPlotHolders(tx: WriteTx, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 1_000) {
    await tx
      .updateTable('people')
      .set((eb) => ({ isPlotHolder: 1, version: eb('version', '+', 1) }))
      .where('id', 'in', ids.slice(start, start + 1_000))
      .execute()
  }
}

/** What a write of a person knows beside the person it writes. */
export interface PersonWrite {
  /** The sites whose lists they join, or on which their places move. */
  waitingSites?: readonly number[]
  /** The person as this write read them (under their lock): their places need not be read again
   * when the write leaves them as they are (a tenancy's change). */
  asRead?: PersonOnSites
}

// Writes the person as the next version if the row is still at `person.version` (the version
// the change was made against); 409 staleVersion otherwise. Plots are not written here: they
// are the tenancy rows (below). Their places on the lists follow (`followPerson`), taken or moved
// on `waitingSites` when a change names them.
const waitingAsStored = reusableQuery((kysely, id: string) =>
  kysely
    .selectFrom('people')
    .select(['onWaitingList', 'joinedWaitingList', 'joinedWaitingListAt', 'waitingListEntry'])
    .where('id', '=', id),
)

export async function updatePerson(
  tx: WriteTx,
  person: Person,
  { waitingSites, asRead }: PersonWrite = {},
): Promise<Person> {
  const write = () => updateAtVersion(tx, 'people', person.id, person.version, fieldsOf(person))
  if (asRead && placesStay(asRead.person, asRead.waitingSites, person, waitingSites))
    return { ...person, version: await write() }
  // Sent together, and run in this order: the row as it was, the write, the places.
  const [[before], version, open] = await Promise.all([
    waitingAsStored(tx, person.id),
    write(),
    openPlaceRows(tx, person),
  ])
  const was = before && { ...before, onWaitingList: before.onWaitingList === 1 }
  await followPerson(tx, was, person, open, waitingSites)
  return { ...person, version }
}

/**
 * A merge (issue 46): the record takes the reference chosen, the other record's once that record
 * has gone (a reference is one person's).
 */
export async function setReference(tx: WriteTx, id: string, reference: string): Promise<void> {
  await tx.updateTable('people').set({ reference }).where('id', '=', id).execute()
}

export async function deletePersonRow(tx: WriteTx, id: string): Promise<void> {
  await deletePlaces(tx, [id])
  await tx.deleteFrom('people').where('id', '=', id).execute()
}

/** The person, read fresh; 404 when there is none. */
export async function requirePerson(tx: ReadTx, id: string): Promise<Person> {
  const person = await findPerson(tx, id)
  if (!person) throw notFound(peopleMessages.personMissing(id))
  return person
}

// The tenancy table: a row per plot and tenant. It is the people feature's (a person's plots are
// their tenancy rows); plots read and change it through the functions below, and a tenant is
// added or leaves only through plots' addTenant and endTenancy, which write both records' next
// versions with it.

// A plot's tenancies with what choosing its payer needs: the mark and the tenants' dates.
const tenancyRows = (tx: ReadTx) =>
  tx
    .selectFrom('tenancy')
    .innerJoin('people', 'people.id', 'tenancy.personId')
    .select(['tenancy.plotId', 'tenancy.personId', 'tenancy.pays', 'people.dateJoined'])

const tenantOf = (row: { personId: string; pays: number; dateJoined: string }): TenantOf => ({
  personId: row.personId,
  pays: row.pays === 1,
  dateJoined: row.dateJoined,
})

/** The tenancies of the plots named, or of every plot of the sites in scope, by plot id: one query. */
export async function tenantsByPlot(
  tx: ReadTx,
  of: { plotIds: readonly string[] } | SiteScope,
): Promise<Map<string, TenantOf[]>> {
  let query = tenancyRows(tx)
  if ('plotIds' in of) {
    if (of.plotIds.length === 0) return new Map()
    query = query.where('tenancy.plotId', 'in', of.plotIds)
  } else if (of.sites) query = query.where('tenancy.siteId', 'in', of.sites)
  const grouped = new Map<string, TenantOf[]>()
  for (const row of await query.execute()) {
    const tenants = grouped.get(row.plotId)
    if (tenants) tenants.push(tenantOf(row))
    else grouped.set(row.plotId, [tenantOf(row)])
  }
  return grouped
}

// Compiled once: every change to a plot or a tenancy begins by reading the plot's tenants.
const tenantRows = reusableQuery((kysely, plotId: string) =>
  tenancyRows(kysely).where('tenancy.plotId', '=', plotId),
)

/** One plot's tenancies. */
export async function tenantsOf(tx: ReadTx, plotId: string): Promise<TenantOf[]> {
  return (await tenantRows(tx, plotId)).map(tenantOf)
}

/** Everyone who is a tenant of a plot of the sites in scope, by nickname, with their names. */
export function tenantNames(tx: ReadTx, scope: SiteScope, onlyPerson?: string) {
  return tx
    .selectFrom('people')
    .select(['id', 'firstName', 'lastName'])
    .where('id', 'in', (eb) => {
      const tenants = eb.selectFrom('tenancy').select('personId')
      return scope.sites ? tenants.where('siteId', 'in', scope.sites) : tenants
    })
    .$if(onlyPerson !== undefined, (query) => query.where('id', '=', onlyPerson!))
    .orderBy('id')
    .execute()
}

/** The names of the people named, by nickname. */
export async function namesOf(
  tx: ReadTx,
  ids: readonly string[],
): Promise<Map<string, { id: string; firstName: string; lastName: string }>> {
  if (ids.length === 0) return new Map()
  const rows = await tx
    .selectFrom('people')
    .select(['id', 'firstName', 'lastName'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((row) => [row.id, row]))
}

/** How many tenants each plot has, by plot id. */
export async function tenantCounts(tx: ReadTx): Promise<Map<string, number>> {
  const rows = await tx
    .selectFrom('tenancy')
    .select((eb) => ['plotId', eb.fn.countAll<number>().as('count')])
    .groupBy('plotId')
    .execute()
  return new Map(rows.map((row) => [row.plotId, Number(row.count)]))
}

/** A tenancy of the plot (on its site) from the day given. */
const tenancyInsert = reusableStatement(
  (kysely, plotId: string, siteId: number, personId: string, beganOn: string) =>
    kysely.insertInto('tenancy').values({ plotId, siteId, personId, beganOn }),
)

export async function insertTenancy(
  tx: WriteTx,
  plot: { id: string; siteId: number },
  personId: string,
  beganOn: string,
): Promise<void> {
  await tenancyInsert(tx, plot.id, plot.siteId, personId, beganOn)
}

/** Marks the plot's tenancy of `personId` as its payer's, and no other. */
export async function markPayer(tx: WriteTx, plotId: string, personId: string): Promise<void> {
  await payerMark(tx, personId, plotId)
}

const payerMark = reusableStatement((kysely, personId: string, plotId: string) =>
  kysely
    .updateTable('tenancy')
    .set((eb) => ({ pays: eb.case().when('personId', '=', personId).then(1).else(0).end() }))
    .where('plotId', '=', plotId),
)

/** Many tenancies at once (an import), in a few statements. */
export function insertTenancies(
  tx: WriteTx,
  tenancies: ReadonlyArray<{ plotId: string; siteId: number; personId: string }>,
): Promise<void> {
  return insertInBatches(tx, 'tenancy', tenancies)
}

export async function deleteTenancy(tx: WriteTx, plotId: string, personId: string): Promise<void> {
  await tenancyDelete(tx, plotId, personId)
}

const tenancyDelete = reusableStatement((kysely, plotId: string, personId: string) =>
  kysely.deleteFrom('tenancy').where('plotId', '=', plotId).where('personId', '=', personId),
)

/**
 * A merge (issue 46): the merged record's tenancy of the plot becomes the kept record's, as it was
 * (the day it began, its payer's mark).
 */
export async function moveTenancy(
  tx: WriteTx,
  plotId: string,
  from: string,
  to: string,
): Promise<void> {
  await tx
    .updateTable('tenancy')
    .set({ personId: to })
    .where('plotId', '=', plotId)
    .where('personId', '=', from)
    .execute()
}

/** The day a tenancy began, written (a merge's earlier day of two tenancies of one plot). */
export async function setTenancyBegan(
  tx: WriteTx,
  plotId: string,
  personId: string,
  beganOn: string,
): Promise<void> {
  await tx
    .updateTable('tenancy')
    .set({ beganOn })
    .where('plotId', '=', plotId)
    .where('personId', '=', personId)
    .execute()
}

/**
 * How to reach people (their names, e-mail and postal addresses, and the way they want), for
 * letters and e-mails: every plot holder, the waiting list in its order, or the people named.
 */
export async function contactDetails(tx: ReadTx, who: PeopleStatus | readonly string[]) {
  const people = tx
    .selectFrom('people')
    .select(['id', 'title', 'firstName', 'lastName', 'email', 'address', 'contactBy'])
    .select((eb) => eb.fn.coalesce('reference', eb.val('')).as('reference'))
  if (who === 'plotholders') return people.where('isPlotHolder', '=', 1).orderBy('id').execute()
  if (who === 'waitinglist') {
    const waiting = await people
      .select(['joinedWaitingList', 'joinedWaitingListAt', 'waitingListEntry', 'onWaitingList'])
      .where('onWaitingList', '=', 1)
      .execute()
    return waiting
      .map((person) => ({ ...person, onWaitingList: true }))
      .sort(compareWaitingOrder)
      .map(({ id, title, firstName, lastName, email, address, contactBy, reference }) => ({
        id,
        title,
        firstName,
        lastName,
        email,
        address,
        contactBy,
        reference,
      }))
  }
  if (who.length === 0) return Promise.resolve([])
  return people.where('id', 'in', who).orderBy('id').execute()
}

/**
 * Who holds the reference with the e-mail address (lower-case, compared with the engine's
 * lower()), if anyone: "Where am I on the list?" finds a person by both together, never either
 * alone.
 */
export function personWithReference(tx: ReadTx, reference: string, email: string) {
  return tx
    .selectFrom('people')
    .select('id')
    .where('reference', '=', reference)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst()
}

/** Who has the e-mail address, if anyone (`email` lower-case, compared with the engine's lower()). */
export function personWithEmail(tx: ReadTx, email: string) {
  return tx
    .selectFrom('people')
    .select(['id', 'title', 'firstName', 'lastName'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst()
}

/**
 * Former members: holding no plot and not on the waiting list (former tenants, and a plot holder
 * taken off their last plot by the spec's removal, whom the lists still show as one), their
 * details not yet erased.
 */
export function formerMembers(tx: ReadTx) {
  return tx
    .selectFrom('people')
    .select(['id', 'firstName', 'lastName', 'dateJoined'])
    .where('onWaitingList', '=', 0)
    .where('erasedOn', 'is', null)
    .where('id', 'not in', tx.selectFrom('tenancy').select('personId'))
    .execute()
}

/** Whether the person's details were erased. */
export async function erasedOn(tx: ReadTx, id: string): Promise<string | null> {
  const row = await tx
    .selectFrom('people')
    .select('erasedOn')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.erasedOn ?? null
}

/** The next free number for a former member, and its id. */
export async function nextFormerMember(tx: ReadTx): Promise<{ number: number; id: string }> {
  const { erased } = await tx
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('erased'))
    .where('erasedOn', 'is not', null)
    .executeTakeFirstOrThrow()
  // A nickname someone chose could take the id: the next number then.
  for (let number = Number(erased) + 1; ; number++) {
    const id = `former-${number}`
    if (!(await findPerson(tx, id))) return { number, id }
  }
}

/**
 * Puts the erased record in the person's place: the marker's id and name, no address, phone or
 * e-mail, on no list; the dates kept. The row is replaced (an id is a key), so nothing of theirs
 * stays in it.
 */
export async function replaceWithFormerMember(
  tx: WriteTx,
  person: Person,
  former: { id: string; marker: string; erasedOn: string },
): Promise<void> {
  await tx
    .insertInto('people')
    .values({
      id: former.id,
      ...fieldsOf({
        ...person,
        title: '',
        firstName: former.marker,
        lastName: '',
        address: '',
        phoneNumber: '',
        email: '',
        altEmail: '',
        contactBy: 'post',
        notes: '',
        isPlotHolder: false,
        onWaitingList: false,
      }),
      version: 1,
      erasedOn: former.erasedOn,
    })
    .execute()
  await deletePersonRow(tx, person.id)
}

/** The plots of the scope's sites that have a tenant: one read of the tenancies' plots alone. */
export async function letPlotIds(tx: ReadTx, scope: SiteScope): Promise<Set<string>> {
  let query = tx.selectFrom('tenancy').select('plotId').distinct()
  if (scope.sites) query = query.where('siteId', 'in', scope.sites)
  return new Set((await query.execute()).map((row) => row.plotId))
}

/** How many plots each site has let (a tenant or more), by site id (none: left out). */
export async function letPlotCountsBySite(tx: ReadTx): Promise<Map<number, number>> {
  const rows = await tx
    .selectFrom('tenancy')
    .select((eb) => ['siteId', eb.fn.count('plotId').distinct().as('count')])
    .groupBy('siteId')
    .execute()
  return new Map(rows.map((row) => [row.siteId, Number(row.count)]))
}
