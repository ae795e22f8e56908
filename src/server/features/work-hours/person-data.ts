import { hoursOf } from '#shared/domain/hours'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure, PeopleMerge, PersonKeys } from '#server/core/hooks'
import {
  attendanceOfPerson,
  eraseAttendance,
  moveAttendance,
} from '#server/features/work-hours/sql'

// A person's work hours in their data, their merge and their erasure (decision 66).

/** Every work party they were recorded at, with their hours. */
export async function workHoursDataOf(tx: ReadTx, { id }: PersonKeys) {
  const rows = await attendanceOfPerson(tx, id)
  return {
    workHours: rows.map((row) => ({
      eventId: row.eventId,
      hours: hoursOf(row.quarters),
      recordedAt: row.recordedAt,
      recordedBy: row.recordedBy,
    })),
  }
}

export const eraseWorkHoursData = (tx: WriteTx, erasure: Erasure) => eraseAttendance(tx, erasure)

export async function mergeWorkHoursData(tx: WriteTx, { kept, merged }: PeopleMerge) {
  return { workHours: await moveAttendance(tx, merged.id, kept.id) }
}
