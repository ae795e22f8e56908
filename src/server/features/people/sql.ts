import { comparePlotIds } from '#shared/domain/plots'
import { messages } from '#shared/messages'
import type { Person } from '#shared/schemas/person'
import type { PersonRow } from '#server/core/db/schema'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import { withLinkedIds } from '#server/core/db/left-join'
import { reusableQuery } from '#server/core/db/reusable-query'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { conflict, notFound } from '#server/core/errors'

export type PeopleStatus = 'plotholders' | 'waitinglist'

// Rows hold flags as 0/1 and no plot list: a person's plots are their tenancy rows.
function toPerson(row: PersonRow, plots: readonly string[]): Person {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    dateJoined: row.dateJoined,
    joinedWaitingList: row.joinedWaitingList,
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

// One query for all tenancy rows, grouped here: lists never ask once per person.
async function plotsByPerson(tx: ReadTx): Promise<Map<string, string[]>> {
  const rows = await tx.selectFrom('tenancy').select(['personId', 'plotId']).execute()
  const grouped = new Map<string, string[]>()
  for (const { personId, plotId } of rows) {
    const plots = grouped.get(personId)
    if (plots) plots.push(plotId)
    else grouped.set(personId, [plotId])
  }
  return grouped
}

export async function listPeople(tx: ReadTx, status?: PeopleStatus): Promise<Person[]> {
  let query = tx.selectFrom('people').selectAll()
  if (status === 'plotholders') query = query.where('isPlotHolder', '=', 1)
  if (status === 'waitinglist') query = query.where('onWaitingList', '=', 1)
  const [rows, plots] = await Promise.all([query.execute(), plotsByPerson(tx)])
  const people = rows.map((row) => toPerson(row, plots.get(row.id) ?? []))
  if (status === 'waitinglist') {
    return people.sort(
      (a, b) => compareText(a.joinedWaitingList, b.joinedWaitingList) || compareText(a.id, b.id),
    )
  }
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

// Nicknames differing only in case would be told apart by nobody reading a tenant list. Both
// sides go through the engine's lower(), so an exact repeat is caught even where SQLite folds
// only ASCII letters.
export async function nicknameTaken(tx: ReadTx, id: string): Promise<boolean> {
  const row = await tx
    .selectFrom('people')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['id']), '=', eb.fn('lower', [eb.val(id)])))
    .executeTakeFirst()
  return row !== undefined
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

// Writes the person read at `person.version` as the next version. The compare-and-set is a
// second guard behind the service's check: a row changed meanwhile is never overwritten.
// Plots are not written here: they live in the tenancy table (plots-repository).
export async function updatePerson(tx: WriteTx, person: Person): Promise<Person> {
  const result = await tx
    .updateTable('people')
    .set({ ...fieldsOf(person), version: person.version + 1 })
    .where('id', '=', person.id)
    .where('version', '=', person.version)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw conflict(messages.staleVersion)
  return { ...person, version: person.version + 1 }
}

export async function deletePersonRow(tx: WriteTx, id: string): Promise<void> {
  await tx.deleteFrom('people').where('id', '=', id).execute()
}

/** The person, read fresh; 404 when there is none. */
export async function requirePerson(tx: ReadTx, id: string): Promise<Person> {
  const person = await findPerson(tx, id)
  if (!person) throw notFound(messages.personMissing(id))
  return person
}
