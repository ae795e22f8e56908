import { titledName } from '#shared/domain/person-names'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { namesOf } from '#server/features/people/sql'

// Who said they will come to an event ("I'll come", issue 48 item 1; decision 63): a row each,
// taken back by removing it.

/** Someone coming to an event, by their record's names. */
export interface ComingPerson {
  personId: string
  firstName: string
  lastName: string
  /** "Ann Smith". */
  name: string
}

/**
 * Who said they will come to the event, by surname then first name: what a work party's register
 * lists first (work hours reads it).
 */
export async function comingTo(tx: ReadTx, eventId: number): Promise<ComingPerson[]> {
  const rows = await tx
    .selectFrom('calendar_coming')
    .select('personId')
    .where('eventId', '=', eventId)
    .execute()
  return peopleNamed(
    tx,
    rows.map((row) => row.personId),
  )
}

/** The people named, with their names, by surname then first name. */
export async function peopleNamed(
  tx: ReadTx,
  personIds: readonly string[],
): Promise<ComingPerson[]> {
  const names = await namesOf(tx, personIds)
  return [...names.values()]
    .map(({ id, firstName, lastName }) => ({
      personId: id,
      firstName,
      lastName,
      name: titledName({ firstName, lastName }),
    }))
    .sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName) ||
        a.firstName.localeCompare(b.firstName) ||
        a.personId.localeCompare(b.personId),
    )
}

/** Who said they will come to each of the events, by event id (an event no one is coming to: none). */
export async function comingToEvents(
  tx: ReadTx,
  eventIds: readonly number[],
): Promise<Map<number, string[]>> {
  const coming = new Map<number, string[]>()
  if (eventIds.length === 0) return coming
  const rows = await tx
    .selectFrom('calendar_coming')
    .select(['eventId', 'personId'])
    .where('eventId', 'in', [...eventIds])
    .execute()
  for (const row of rows)
    coming.set(row.eventId, [...(coming.get(row.eventId) ?? []), row.personId])
  return coming
}

/** They will come; answers false when they had said so already. */
export async function addComing(
  tx: WriteTx,
  eventId: number,
  personId: string,
  saidAt: string,
): Promise<boolean> {
  const said = await tx
    .selectFrom('calendar_coming')
    .select('eventId')
    .where('eventId', '=', eventId)
    .where('personId', '=', personId)
    .executeTakeFirst()
  if (said) return false
  await tx.insertInto('calendar_coming').values({ eventId, personId, saidAt }).execute()
  return true
}

/** They will not come after all; answers false when they had not said they would. */
export async function removeComing(
  tx: WriteTx,
  eventId: number,
  personId: string,
): Promise<boolean> {
  const result = await tx
    .deleteFrom('calendar_coming')
    .where('eventId', '=', eventId)
    .where('personId', '=', personId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** An event deleted: no one is coming to it. */
export async function deleteComingToEvent(tx: WriteTx, eventId: number): Promise<void> {
  await tx.deleteFrom('calendar_coming').where('eventId', '=', eventId).execute()
}

/** The events a person said they will come to, for their data download. */
export function comingOfPerson(tx: ReadTx, personId: string) {
  return tx
    .selectFrom('calendar_coming')
    .innerJoin('calendar_events', 'calendar_events.id', 'calendar_coming.eventId')
    .select([
      'calendar_coming.eventId',
      'calendar_events.title',
      'calendar_events.startsAt',
      'calendar_events.endsAt',
      'calendar_coming.saidAt',
    ])
    .where('calendar_coming.personId', '=', personId)
    .orderBy('calendar_events.startsAt')
    .execute()
}

/** A person's "I'll come" go (their erasure, their record's removal); answers how many. */
export async function deleteComingOf(tx: WriteTx, personIds: readonly string[]): Promise<number> {
  const result = await tx
    .deleteFrom('calendar_coming')
    .where('personId', 'in', [...personIds])
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * A merge: the merged record's "I'll come" become the kept record's, one where both said so.
 * Answers how many moved.
 */
export async function moveComing(tx: WriteTx, from: string, to: string): Promise<number> {
  await tx
    .deleteFrom('calendar_coming')
    .where('personId', '=', from)
    .where('eventId', 'in', (eb) =>
      eb.selectFrom('calendar_coming').select('eventId').where('personId', '=', to),
    )
    .execute()
  const result = await tx
    .updateTable('calendar_coming')
    .set({ personId: to })
    .where('personId', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
