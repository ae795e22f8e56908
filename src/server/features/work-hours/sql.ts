import type { Selectable } from 'kysely'
import type { WorkAttendanceTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure } from '#server/core/hooks'

// Who came to which work party, for how long (migration 062, decision 66): the only queries of
// the work-hours feature. One row per person and event, the latest record of them.

export type AttendanceRow = Selectable<WorkAttendanceTable>

/** The record a person has at an event, if any. */
export function attendanceOf(tx: ReadTx, eventId: number, personId: string) {
  return tx
    .selectFrom('work_attendance')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('personId', '=', personId)
    .executeTakeFirst()
}

/** The record kept under a phone's id, if it is the latest of its person at its event. */
export function attendanceById(tx: ReadTx, id: string) {
  return tx.selectFrom('work_attendance').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Every record of the events named. */
export function attendanceAt(tx: ReadTx, eventIds: readonly number[]): Promise<AttendanceRow[]> {
  if (eventIds.length === 0) return Promise.resolve([])
  return tx
    .selectFrom('work_attendance')
    .selectAll()
    .where('eventId', 'in', [...eventIds])
    .orderBy('eventId')
    .orderBy('personId')
    .execute()
}

/** Whether anyone's hours are recorded at the event (a tick taken back records none). */
export async function hoursRecordedAt(tx: ReadTx, eventId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('work_attendance')
    .select('id')
    .where('eventId', '=', eventId)
    .where('quarters', '>', 0)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** A person's records, for their copy of what is held about them. */
export function attendanceOfPerson(tx: ReadTx, personId: string): Promise<AttendanceRow[]> {
  return tx
    .selectFrom('work_attendance')
    .selectAll()
    .where('personId', '=', personId)
    .orderBy('recordedAt')
    .execute()
}

/** The person's record at the event, new or replacing the earlier one. */
export async function keepAttendance(tx: WriteTx, row: AttendanceRow): Promise<void> {
  await tx
    .deleteFrom('work_attendance')
    .where('eventId', '=', row.eventId)
    .where('personId', '=', row.personId)
    .execute()
  await tx.insertInto('work_attendance').values(row).execute()
}

/**
 * An erasure: the hours stay (a plot's hours done, and what was charged for them), made out to
 * the marker's id; a record holds nothing else of the person.
 */
export async function eraseAttendance(tx: WriteTx, erasure: Erasure): Promise<void> {
  await tx
    .updateTable('work_attendance')
    .set({ personId: erasure.newId })
    .where('personId', '=', erasure.id)
    .execute()
}

/**
 * A merge: the merged record's hours become the kept one's; where both were recorded at one
 * event, the later record stands.
 */
export async function moveAttendance(tx: WriteTx, from: string, to: string): Promise<number> {
  const moving = await tx
    .selectFrom('work_attendance')
    .selectAll()
    .where('personId', '=', from)
    .execute()
  for (const row of moving) {
    const kept = await attendanceOf(tx, row.eventId, to)
    await tx.deleteFrom('work_attendance').where('id', '=', row.id).execute()
    if (!kept || kept.recordedAt < row.recordedAt)
      await keepAttendance(tx, { ...row, personId: to })
  }
  return moving.length
}
