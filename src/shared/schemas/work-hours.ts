import { z } from 'zod'
import { MAX_PENCE } from '#shared/domain/money'
import { QUARTERS_PER_HOUR } from '#shared/domain/hours'
import { workHoursMessages } from '#shared/messages/work-hours'
import { rowNumber } from '#shared/schemas/text-fields'

// Work hours (issue 48, item 3; decision 66): the settings, a work party's register and what is
// recorded on it, and the hours as a member and the committee see them.

/** Hours in quarter hours, from 0 to `max`. */
const hoursUpTo = (max: number) =>
  z
    .number({ error: workHoursMessages.hoursInQuarters })
    .min(0, workHoursMessages.hoursInQuarters)
    .max(max, workHoursMessages.hoursInQuarters)
    .refine((hours) => Number.isInteger(hours * QUARTERS_PER_HOUR), {
      error: workHoursMessages.hoursInQuarters,
    })

const hourPence = z.int().min(0).max(MAX_PENCE)

/** The organisation's settings, and a site's own group of them. */
export const workHoursRulesSchema = z.object({
  hoursOwed: hoursUpTo(1_000),
  missingHourPence: hourPence,
  beyondHourPence: hourPence,
})
export type WorkHoursRulesInput = z.infer<typeof workHoursRulesSchema>

export const storedWorkHoursSchema = workHoursRulesSchema.extend({ version: z.int().min(0) })
export type StoredWorkHours = z.infer<typeof storedWorkHoursSchema>
export const workHoursUpdateSchema = workHoursRulesSchema.extend({ version: z.int().min(0) })

/** A site's own work hours (decision 53's way): null for the organisation's. */
export const siteWorkHoursSchema = z.object({
  hours: workHoursRulesSchema.nullable(),
  version: z.int().min(0),
})
export type SiteWorkHours = z.infer<typeof siteWorkHoursSchema>

/** One person's hours at one work party, as the organiser's phone sends it. */
export const attendanceInputSchema = z.object({
  /** Made on the phone: the same record sent twice is kept once. */
  id: z.uuid(),
  eventId: rowNumber,
  personId: z.string().trim().min(1).max(40),
  /** 0 takes back a tick given by mistake. */
  hours: hoursUpTo(24),
  /** When it was recorded on the phone: a later record for the person and event replaces it. */
  recordedAt: z.iso.datetime({ offset: true }).transform((at) => new Date(at).toISOString()),
})
export type AttendanceInput = z.infer<typeof attendanceInputSchema>

export const attendanceSchema = z.object({
  id: z.string(),
  eventId: z.int(),
  personId: z.string(),
  hours: z.number(),
  recordedAt: z.string(),
})
export type Attendance = z.infer<typeof attendanceSchema>

/** A work party's register: who may be ticked, those who said they would come first. */
export const registerSchema = z.object({
  event: z.object({
    id: z.int(),
    title: z.string(),
    siteId: z.int().nullable(),
    day: z.string(),
    /** How long it ran, to the quarter hour: what a tick gives unless changed. */
    hours: z.number(),
  }),
  people: z.array(
    z.object({
      personId: z.string(),
      name: z.string(),
      coming: z.boolean(),
      /** What is recorded for them; null: nothing yet. */
      hours: z.number().nullable(),
    }),
  ),
})
export type Register = z.infer<typeof registerSchema>

/** A plot's hours in a rent year. */
export const plotHoursSchema = z.object({
  plotId: z.string(),
  plotName: z.string(),
  siteId: z.int(),
  tenantIds: z.array(z.string()),
  /** The tenants' names. */
  tenants: z.array(z.string()),
  done: z.number(),
  owed: z.number(),
})
export type PlotHours = z.infer<typeof plotHoursSchema>

export const myWorkHoursSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Their plots' hours; who else holds them is not said. */
  plots: z.array(plotHoursSchema.omit({ tenantIds: true, tenants: true })),
  /** The member's own hours. */
  own: z.number(),
})
export type MyWorkHours = z.infer<typeof myWorkHoursSchema>

export const shortListSchema = z.object({
  from: z.string(),
  to: z.string(),
  plots: z.array(plotHoursSchema),
})
export type ShortList = z.infer<typeof shortListSchema>
