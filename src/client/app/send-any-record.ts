import type { InspectionInput } from '#shared/schemas/inspections'
import type { AttendanceInput } from '#shared/schemas/work-hours'
import { sendInspection } from '#client/features/inspections/api.ts'
import { sendAttendance } from '#client/features/work-hours/api.ts'
import { kindOf, type Waiting } from '#client/lib/outbox.ts'

/** Each record kept on the phone sent by its kind's request (an inspection, a work party's hours). */
export const sendAny = (waiting: Waiting) =>
  kindOf(waiting) === 'attendance'
    ? sendAttendance(waiting as Waiting<AttendanceInput>)
    : sendInspection(waiting as Waiting<InspectionInput>)
