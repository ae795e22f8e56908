import { numberedNickname } from '#shared/domain/people'
import { comparePlotIds, type TenantOf } from '#shared/domain/plots'
import { compareWaitingOrder } from '#shared/domain/waiting-order'
import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import type { PersonRow } from '#server/core/db/schema'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import { withLinkedIds } from '#server/core/db/left-join'
import { reusableQuery } from '#server/core/db/reusable-query'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { notFound } from '#server/core/errors'
import { updateAtVersion } from '#server/core/db/versioned'

export type PeopleStatus = 'plotholders' | 'waitinglist'

// Rows hold flags as 0/1 and no plot list: a person's plots are their tenancy rows.
function toPerson(row: PersonRow, plots: readonly string[]): Person {
  return {
    id: row.id,
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
    plots: [...plots].sort(comparePlotIds),
    isPlotHolder: Boolean(row.isPlotHolder),
    onWaitingList: Boolean(row.onWaitingList),
    version: row.version,
  }
}

function fieldsOf(person: Person) {
  return {
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

// One query for all tenancy rows, grouped here: lists never ask once per person.
async function plotsByPerson(tx: ReadTx): Promise<Map<string, string[]>> {
  const rows = await tx.selectFrom('tenancy').select(['personId', 'plotId']).execute()
  return groupBy(rows, 'personId', 'plotId')
}

export async function listPeople(tx: ReadTx, status?: PeopleStatus): Promise<Person[]> {
  // An erased record is kept for the accounts, not to be chosen again (a tenant, an addressee).
  let query = tx.selectFrom('people').selectAll().where('erasedOn', 'is', null)
  if (status === 'plotholders') query = query.where('isPlotHolder', '=', 1)
  if (status === 'waitinglist') query = query.where('onWaitingList', '=', 1)
  const [rows, plots] = await Promise.all([query.execute(), plotsByPerson(tx)])
  const people = rows.map((row) => toPerson(row, plots.get(row.id) ?? []))
  if (status === 'waitinglist') return people.sort(compareWaitingOrder)
  return people.sort((a, b) => compareText(a.id, b.id))
}

// The person and their tenancy rows in one indexed read (a row per plot, or one with no plot),
// compiled once: every change to a person or a tenancy begins with it.
const personWithPlots = reusableQuery((kysely, id: string) =>
  kysely
    .selectFrom('people')
    .leftJoin('tenancy', 'tenancy.personId', 'people.id')
    .selectAll('people')
    .select('tenancy.plotId')
    .where('people.id', '=', id),
)

export async function findPerson(tx: ReadTx, id: string): Promise<Person | undefined> {
  const found = withLinkedIds(await personWithPlots(tx, id), 'plotId')
  return found && toPerson(...found)
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

export async function insertPerson(tx: WriteTx, person: Person): Promise<Person> {
  await tx
    .insertInto('people')
    .values({ id: person.id, ...fieldsOf(person), version: person.version })
    .execute()
  return person
}

/** New people all at once (an import): as insertPerson, in a few statements. */
export function insertPeople(tx: WriteTx, people: readonly Person[]): Promise<void> {
  return insertInBatches(
    tx,
    'people',
    people.map((person) => ({ id: person.id, ...fieldsOf(person), version: person.version })),
  )
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

// Writes the person as the next version if the row is still at `person.version` (the version
// the change was made against); 409 staleVersion otherwise. Plots are not written here: they
// are the tenancy rows (below).
export async function updatePerson(tx: WriteTx, person: Person): Promise<Person> {
  const version = await updateAtVersion(tx, 'people', person.id, person.version, fieldsOf(person))
  return { ...person, version }
}

export async function deletePersonRow(tx: WriteTx, id: string): Promise<void> {
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

/** The tenancies of the plots named (of every plot when none are), by plot id: one query. */
export async function tenantsByPlot(
  tx: ReadTx,
  plotIds?: readonly string[],
): Promise<Map<string, TenantOf[]>> {
  if (plotIds?.length === 0) return new Map()
  let query = tenancyRows(tx)
  if (plotIds) query = query.where('tenancy.plotId', 'in', plotIds)
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

/** Everyone who is a tenant of a plot, by nickname, with their first and last names. */
export function tenantNames(tx: ReadTx) {
  return tx
    .selectFrom('people')
    .select(['id', 'firstName', 'lastName'])
    .where('id', 'in', (eb) => eb.selectFrom('tenancy').select('personId'))
    .orderBy('id')
    .execute()
}

/** The first names of the people named, by nickname. */
export async function firstNames(tx: ReadTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await tx
    .selectFrom('people')
    .select(['id', 'firstName'])
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((row) => [row.id, row.firstName]))
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

export async function insertTenancy(tx: WriteTx, plotId: string, personId: string): Promise<void> {
  await tx.insertInto('tenancy').values({ plotId, personId }).execute()
}

/** Marks the plot's tenancy of `personId` as its payer's, and no other. */
export async function markPayer(tx: WriteTx, plotId: string, personId: string): Promise<void> {
  await tx
    .updateTable('tenancy')
    .set((eb) => ({ pays: eb.case().when('personId', '=', personId).then(1).else(0).end() }))
    .where('plotId', '=', plotId)
    .execute()
}

/** Many tenancies at once (an import), in a few statements. */
export function insertTenancies(
  tx: WriteTx,
  tenancies: ReadonlyArray<{ plotId: string; personId: string }>,
): Promise<void> {
  return insertInBatches(tx, 'tenancy', tenancies)
}

export async function deleteTenancy(tx: WriteTx, plotId: string, personId: string): Promise<void> {
  await tx
    .deleteFrom('tenancy')
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
    .select(['id', 'firstName', 'lastName', 'email', 'address', 'contactBy'])
  if (who === 'plotholders') return people.where('isPlotHolder', '=', 1).orderBy('id').execute()
  if (who === 'waitinglist') {
    const waiting = await people
      .select(['joinedWaitingList', 'joinedWaitingListAt', 'waitingListEntry', 'onWaitingList'])
      .where('onWaitingList', '=', 1)
      .execute()
    return waiting
      .map((person) => ({ ...person, onWaitingList: true }))
      .sort(compareWaitingOrder)
      .map(({ id, firstName, lastName, email, address, contactBy }) => ({
        id,
        firstName,
        lastName,
        email,
        address,
        contactBy,
      }))
  }
  if (who.length === 0) return Promise.resolve([])
  return people.where('id', 'in', who).orderBy('id').execute()
}

/** Who has the e-mail address, if anyone (`email` lower-case, compared with the engine's lower()). */
export function personWithEmail(tx: ReadTx, email: string) {
  return tx
    .selectFrom('people')
    .select(['id', 'firstName', 'lastName'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst()
}

/**
 * Former members: holding no plot and not on the waiting list (a plot holder who gave up their
 * last plot among them, though the lists still show them as one), their details not yet erased.
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
        firstName: former.marker,
        lastName: '',
        address: '',
        phoneNumber: '',
        email: '',
        altEmail: '',
        contactBy: 'post',
        isPlotHolder: false,
        onWaitingList: false,
      }),
      version: 1,
      erasedOn: former.erasedOn,
    })
    .execute()
  await deletePersonRow(tx, person.id)
}
