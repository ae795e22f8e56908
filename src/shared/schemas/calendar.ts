import { z } from 'zod'
import { commonMessages } from '#shared/messages/common'
import { calendarMessages } from '#shared/messages/calendar'
import { isoDate } from '#shared/schemas/person'
import { ONE_LINE, requiredText, rowNumber } from '#shared/schemas/text-fields'

// The calendar (issue 48, decision 63). An event's start and end are given as London's wall
// clock (a day and hh:mm), as the committee reads them off a poster; the server keeps the moments
// (UTC instants), so a feed and a phone agree across the change to and from summer time.

export const EVENT_TITLE_MAX = 200
export const EVENT_PLACE_MAX = 200
export const EVENT_DESCRIPTION_MAX = 5_000
export const HELPERS_MAX = 999

export const EVENT_VISIBILITIES = ['public', 'members', 'committee'] as const
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number]

export const wallTime = z
  .string({ error: calendarMessages.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, calendarMessages.timeInvalid)

const title = requiredText(calendarMessages.titleRequired, 'title', EVENT_TITLE_MAX).regex(
  ONE_LINE,
  calendarMessages.titleOneLine,
)
const place = z
  .string()
  .trim()
  .max(EVENT_PLACE_MAX, commonMessages.tooLong('place', EVENT_PLACE_MAX))
  .regex(ONE_LINE, commonMessages.inputWrongType("The field 'place'", 'one line'))
const description = z
  .string()
  .trim()
  .max(EVENT_DESCRIPTION_MAX, commonMessages.tooLong('description', EVENT_DESCRIPTION_MAX))

/** What the committee gives for an event; the end's being after the start is the domain's rule. */
export const eventInputSchema = z.object({
  title,
  /** The site it is held for; null for every site. */
  siteId: z.int().min(1).max(2_147_483_647).nullable(),
  place,
  startDate: isoDate,
  startTime: wallTime,
  endDate: isoDate,
  endTime: wallTime,
  description,
  visibility: z.enum(EVENT_VISIBILITIES),
  /** For a work party: how many helpers are wanted; null for any other event. */
  helpersWanted: z.int().min(1).max(HELPERS_MAX).nullable(),
  /** Whether members may see who said they will come (the committee always may); off unless set. */
  showComing: z.boolean().default(false),
})
export type EventInput = z.infer<typeof eventInputSchema>

export const eventUpdateSchema = eventInputSchema.extend({ version: rowNumber })
export type EventUpdate = z.infer<typeof eventUpdateSchema>

/** An event as the API answers: the input's wall-clock fields, and the moments they are. */
export const calendarEventSchema = eventInputSchema.extend({
  id: z.int(),
  /** ISO instants (UTC). */
  startsAt: z.string(),
  endsAt: z.string(),
  version: z.int(),
})
export type CalendarEvent = z.infer<typeof calendarEventSchema>

/** Who said they will come to an event ("I'll come"), as the viewer may know it. */
export const comingSchema = z.object({
  /** How many said they will come. */
  count: z.int(),
  /** Whether the viewer did. */
  me: z.boolean(),
  /** Their names, by surname; null where the viewer may not see them (the event does not show them). */
  names: z.array(z.string()).nullable(),
})
export type Coming = z.infer<typeof comingSchema>

/** An event on the viewer's calendar, with who is coming. */
export const calendarEntrySchema = calendarEventSchema.extend({ coming: comingSchema })
export type CalendarEntry = z.infer<typeof calendarEntrySchema>

export const CALENDAR_DATE_KINDS = [
  'rentDue',
  'offerDeadline',
  'inspectionRound',
  'noticeDeadline',
] as const

/**
 * A day that appears on the committee's calendar by itself, read from its own record (a rent
 * year's due date, an offer's last day, an inspection round, a notice's deadline): never copied.
 */
export const calendarDateSchema = z.object({
  kind: z.enum(CALENDAR_DATE_KINDS),
  /** Unique among the calendar's dates: the kind and its record's id. */
  key: z.string(),
  date: z.string(),
  title: z.string(),
  siteId: z.int().nullable(),
  /** The members' page it belongs to. */
  path: z.string(),
})
export type CalendarDate = z.infer<typeof calendarDateSchema>

export const calendarSchema = z.object({
  events: z.array(calendarEntrySchema),
  dates: z.array(calendarDateSchema),
})
export type Calendar = z.infer<typeof calendarSchema>

export const calendarQuerySchema = z.object({
  from: isoDate,
  to: isoDate,
  site: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
})

/** A public event, for the public site: no one's private words. */
export const publicEventSchema = calendarEventSchema.pick({
  id: true,
  title: true,
  place: true,
  startsAt: true,
  endsAt: true,
  startDate: true,
  startTime: true,
  endDate: true,
  endTime: true,
  description: true,
})
export type PublicEvent = z.infer<typeof publicEventSchema>

/** Whether the signed-in account has a calendar address, and since when (never the address). */
export const calendarAddressStateSchema = z.object({ madeAt: z.string().nullable() })
/** A new calendar address: shown once, as only its hash is kept. */
export const newCalendarAddressSchema = z.object({ url: z.string(), madeAt: z.string() })
