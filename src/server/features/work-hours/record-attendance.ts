import { fullName } from '#shared/domain/message-copies'
import { hoursOf, quartersOf } from '#shared/domain/hours'
import { workHoursMessages } from '#shared/messages/work-hours'
import type { Attendance, AttendanceInput } from '#shared/schemas/work-hours'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { conflict, unprocessable } from '#server/core/errors'
import { AlreadyDone, loggedChange, type LoggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { findPerson } from '#server/features/people/sql'
import { requireWorkParty } from '#server/features/work-hours/event'
import { onRegister } from '#server/features/work-hours/register'
import {
  attendanceById,
  attendanceOf,
  keepAttendance,
  type AttendanceRow,
} from '#server/features/work-hours/sql'

// One person's hours at a work party, arriving from the organiser's phone, perhaps long after the
// tick and perhaps twice (an answer lost on the way back): kept once under the id the phone gave
// it. A later record of the same person at the same event replaces the earlier; one recorded
// earlier than the one kept, arriving late, changes nothing.

const answer = (row: AttendanceRow): Attendance => ({
  id: row.id,
  eventId: row.eventId,
  personId: row.personId,
  hours: hoursOf(row.quarters),
  recordedAt: row.recordedAt,
})

/** `created` is false when the record, or a later one of the person at the event, was kept. */
export async function recordAttendance(
  { db, clock }: { db: Db; clock: Clock },
  viewer: Viewer,
  scope: SiteScope,
  input: AttendanceInput,
): Promise<{ attendance: Attendance; created: boolean }> {
  const change: LoggedChange = {
    methodName: 'recordAttendance',
    eventCollection: 'work_attendance',
    docId: `${input.eventId}:${input.personId}`,
    userName: viewer.userName,
  }
  let created = false
  const attendance = await loggedChange(
    db,
    change,
    async (tx) => {
      const same = await attendanceById(tx, input.id)
      if (same && (same.eventId !== input.eventId || same.personId !== input.personId))
        throw conflict(workHoursMessages.recordIdTaken)
      const event = await requireWorkParty(tx, scope, input.eventId)
      change.sites = event.siteId === null ? [] : [event.siteId]
      if (same) return new AlreadyDone(answer(same))
      if (event.day > clock.today()) throw unprocessable(workHoursMessages.notYetHeld(event.day))
      const kept = await attendanceOf(tx, input.eventId, input.personId)
      const receivedAt = clock.now().toISOString()
      // A phone's clock can run ahead: a record is never later than its arrival.
      const recordedAt = input.recordedAt < receivedAt ? input.recordedAt : receivedAt
      if (kept && kept.recordedAt > recordedAt) return new AlreadyDone(answer(kept))
      // One recorded already stays correctable (to 0, a tick taken back) when off the register now.
      if (!kept) await requireOnRegister(tx, event, input.personId)
      const row = {
        id: input.id,
        eventId: input.eventId,
        personId: input.personId,
        quarters: quartersOf(input.hours),
        recordedAt,
        recordedBy: viewer.userName,
        receivedAt,
      }
      await keepAttendance(tx, row)
      created = true
      return answer(row)
    },
    input,
  )
  return { attendance, created }
}

/** Only those on the party's register are recorded at it (422 with their name otherwise). */
async function requireOnRegister(
  tx: ReadTx,
  event: { id: number; siteId: number | null },
  personId: string,
) {
  if ((await onRegister(tx, event, personId)).length > 0) return
  const person = await findPerson(tx, personId)
  throw unprocessable(workHoursMessages.notOnRegister(person ? fullName(person) : personId))
}
