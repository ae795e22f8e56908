import { z } from 'zod'
import { commonMessages } from '#shared/messages/common'
import { peopleMessages } from '#shared/messages/people'
import {
  emailAddress,
  ONE_LINE,
  optionalEmail,
  optionalText,
  requiredText,
  withoutLinks,
  rowNumber,
} from '#shared/schemas/text-fields'
import { contactBySchema } from '#shared/schemas/messages'

// Round-tripping through Date rejects days that match the pattern but do not exist (2023-02-29).
export const isoDate = z
  .string({ error: commonMessages.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: commonMessages.invalidDate, abort: true })
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
  }, commonMessages.invalidDate)

const version = rowNumber

/** A title is short ("Revd Canon"); the committee's notes a few paragraphs. */
export const TITLE_MAX = 30
export const NOTES_MAX = 2000

// The full record as the API returns it.
export const personSchema = z.object({
  id: z.string(),
  /** Mr, Mrs, Dr…; '' when not known. */
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateJoined: isoDate,
  joinedWaitingList: isoDate,
  /** Beside the spec's date: the moment of joining (ISO), '' when only the date is known. */
  joinedWaitingListAt: z.string(),
  /** The order of entry onto the list, which breaks ties of date and time (waiting-order.ts). */
  waitingListEntry: z.number(),
  address: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  altEmail: z.string(),
  contactBy: contactBySchema,
  concession: z.boolean(),
  /** The committee's notes about the person. */
  notes: z.string(),
  /** Their reference for "Where am I on the list?" ('' on an erased record). */
  reference: z.string(),
  plots: z.array(z.string()),
  isPlotHolder: z.boolean(),
  onWaitingList: z.boolean(),
  version,
})

export type Person = z.infer<typeof personSchema>

/** One more site's list for a person on the waiting list (issue 46). */
export const joinSiteListSchema = z.object({ siteId: rowNumber })

/** A person's place on the waiting list and why, as their page states it (waiting-order.ts). */
export const waitingPlaceSchema = z.object({
  position: z.number(),
  total: z.number(),
  statement: z.string(),
  /** Their place on each site's list they wait on (issue 46), in the order the sites were added. */
  places: z
    .array(
      z.object({
        siteId: z.number(),
        siteName: z.string(),
        position: z.number(),
        total: z.number(),
      }),
    )
    .optional(),
})
export type WaitingPlace = z.infer<typeof waitingPlaceSchema>

function personName(field: string) {
  return withoutLinks(
    requiredText(peopleMessages.personNameRequired, field, 100).regex(
      ONE_LINE,
      peopleMessages.personNameRequired,
    ),
    field,
  )
}

// The title and notes (issue 44) may be left out: left out, a new person has none and a saved one
// keeps theirs, so a form or a script made before them (a tab open since) cannot wipe them.
export const personFieldsSchema = z.object({
  title: withoutLinks(
    optionalText('title', TITLE_MAX).regex(ONE_LINE, peopleMessages.titleOneLine),
    'title',
  ).optional(),
  firstName: personName('first name'),
  lastName: personName('last name'),
  dateJoined: isoDate,
  joinedWaitingList: isoDate,
  address: optionalText('address', 500),
  phoneNumber: optionalText('phone number', 50),
  email: optionalEmail('email address'),
  altEmail: optionalEmail('alternative email address'),
  contactBy: contactBySchema.default('email'),
  /** A concession on the rent (pensioner, unwaged). */
  concession: z.boolean().default(false),
  notes: optionalText('notes', NOTES_MAX).optional(),
})

// The nickname becomes part of URLs (/members/plotholders/{id}), hence no slashes and no leading dot.
const nickname = requiredText(peopleMessages.personNicknameRequired, 'nickname', 40).regex(
  /^(?!\.)[\p{L}\p{Nd} _'.-]+$/u,
  peopleMessages.nicknameCharacters,
)

export const newPersonSchema = personFieldsSchema.extend({
  id: nickname,
  onWaitingList: z.boolean(),
})

export const updatePersonSchema = personFieldsSchema.extend({ version })

export type PersonFields = z.infer<typeof personFieldsSchema>
export type NewPerson = z.infer<typeof newPersonSchema>
export type UpdatePerson = z.infer<typeof updatePersonSchema>

/**
 * What a member changes of their own record (issue 29): not the dates, the lists, the concession
 * or the notes, which are the committee's, nor the e-mail address, which needs a link followed.
 */
export const myDetailsSchema = personFieldsSchema
  .pick({
    title: true,
    firstName: true,
    lastName: true,
    address: true,
    phoneNumber: true,
    altEmail: true,
    contactBy: true,
  })
  .extend({ version })
export type MyDetails = z.infer<typeof myDetailsSchema>

/** What a member may change of their own record, the e-mail address (by its link) included. */
export const ownFieldSchema = z.enum([
  'title',
  'firstName',
  'lastName',
  'address',
  'phoneNumber',
  'email',
  'altEmail',
  'contactBy',
])
export type OwnField = z.infer<typeof ownFieldSchema>

/** A change a member made to their own record, as the committee sees it on the person's page. */
export const ownChangeSchema = z.object({
  at: z.string(),
  userName: z.string(),
  fields: z.array(ownFieldSchema),
})
export type OwnChange = z.infer<typeof ownChangeSchema>

/** Whether a person's details may be erased (issue 30): when they were, or what stands in the way. */
export const erasureCheckSchema = z.object({
  erasedOn: z.string().nullable(),
  blockers: z.array(z.string()),
})
export type ErasureCheck = z.infer<typeof erasureCheckSchema>

/** The record an erasure leaves: its new id and neutral name. */
export const erasedPersonSchema = z.object({ id: z.string(), name: z.string() })

/** The member's own record, and their place on the waiting list if they are on it. */
export const myRecordSchema = z.object({
  person: personSchema,
  place: z.object({ position: z.number(), total: z.number() }).nullable(),
})
export type MyRecord = z.infer<typeof myRecordSchema>

/** A member's new e-mail address, to be confirmed by a link sent to it. */
export const myEmailSchema = z.object({ email: emailAddress })

/** The link's token, as the confirmation page sends it. */
export const emailChangeTokenSchema = z.object({ token: z.string().min(1).max(200) })
