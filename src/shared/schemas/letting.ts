import { z } from 'zod'
import { lettingMessages } from '#shared/letting-messages'
import { messages } from '#shared/messages'
import { emailAddress as email, ONE_LINE, requiredText } from '#shared/schemas/text-fields'

// Applying for a plot from the public site, and finding one's place on the waiting list.


const name = (field: string) =>
  requiredText(messages.personNameRequired, field, 100).regex(ONE_LINE, messages.personNameRequired)

export const applicationSchema = z.object({
  firstName: name('first name'),
  lastName: name('last name'),
  email,
  phoneNumber: z.string().trim().max(50, messages.tooLong('phone number', 50)),
  address: z.string().trim().max(500, messages.tooLong('address', 500)),
  note: z.string().trim().max(2000, messages.tooLong('note', 2000)),
  consent: z.literal(true, { error: lettingMessages.consentRequired }),
  /** A field people never see: only a script fills it in. */
  website: z.string().max(200).default(''),
})
export type Application = z.infer<typeof applicationSchema>

export const confirmApplicationSchema = z.object({ token: z.string().min(20).max(100) })

export const positionQuerySchema = z.object({
  reference: z.string().trim().toUpperCase().min(1, lettingMessages.referenceRequired).max(20),
  email,
})

export const placeSchema = z.object({
  reference: z.string(),
  position: z.number(),
  total: z.number(),
})
export type Place = z.infer<typeof placeSchema>

export const WAITING_LIST_EVENTS = ['joined', 'offered', 'skipped', 'declined', 'lapsed', 'restored', 'left'] as const
export const waitingListEventSchema = z.object({
  id: z.number(),
  personId: z.string(),
  event: z.enum(WAITING_LIST_EVENTS),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
})
export type WaitingListEvent = z.infer<typeof waitingListEventSchema>
