import { z } from 'zod'
import { lettingMessages } from '#shared/messages/letting'
import { commonMessages } from '#shared/messages/common'
import { peopleMessages } from '#shared/messages/people'
import {
  days,
  emailAddress as email,
  monthDay,
  ONE_LINE,
  requiredText,
  withoutLinks,
} from '#shared/schemas/text-fields'

// Applying for a plot from the public site, finding one's place on the waiting list, and offers.

const name = (field: string) =>
  withoutLinks(
    requiredText(peopleMessages.personNameRequired, field, 100).regex(
      ONE_LINE,
      peopleMessages.personNameRequired,
    ),
    field,
  )

export const applicationSchema = z.object({
  firstName: name('first name'),
  lastName: name('last name'),
  email,
  phoneNumber: z.string().trim().max(50, commonMessages.tooLong('phone number', 50)),
  address: z.string().trim().max(500, commonMessages.tooLong('address', 500)),
  note: z.string().trim().max(2000, commonMessages.tooLong('note', 2000)),
  consent: z.literal(true, { error: lettingMessages.consentRequired }),
  /** The sites whose lists they choose (issue 46); none where the organisation has one site. */
  sites: z.array(z.int().min(1)).max(20).default([]),
  /** A field people never see: only a script fills it in. */
  website: z.string().max(200).default(''),
})
export type Application = z.infer<typeof applicationSchema>

/** What happens to someone's other places when they accept a plot on one site (issue 46). */
export const OTHER_PLACES = ['end', 'stay'] as const
export type OtherPlaces = (typeof OTHER_PLACES)[number]

export const positionQuerySchema = z.object({
  reference: z.string().trim().toUpperCase().min(1, lettingMessages.referenceRequired).max(20),
  email,
})

export const placeSchema = z.object({
  reference: z.string(),
  /** The place on the first list they wait on. */
  position: z.number(),
  total: z.number(),
  /** Their place on each site's list (issue 46), in the order the sites were added. */
  places: z.array(
    z.object({ siteId: z.number(), siteName: z.string(), position: z.number(), total: z.number() }),
  ),
})
export type Place = z.infer<typeof placeSchema>

export const WAITING_LIST_EVENTS = [
  'joined',
  'offered',
  'skipped',
  'withdrawn',
  'declined',
  'lapsed',
  'restored',
  'left',
] as const
export type WaitingListEventKind = (typeof WAITING_LIST_EVENTS)[number]
export const waitingListEventSchema = z.object({
  id: z.number(),
  personId: z.string(),
  event: z.enum(WAITING_LIST_EVENTS),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
})
export type WaitingListEvent = z.infer<typeof waitingListEventSchema>

/**
 * How a site's plots are offered: the letting settings a site may have of its own (decision 53),
 * the organisation's for a site without.
 */
export const lettingOffersSchema = z.object({
  /** Days from an offer to its deadline. */
  offerDays: days,
  /** Whether declining, or letting an offer lapse, sends the person to the end of the list. */
  declineGoesToEnd: z.boolean(),
})
export type LettingOffers = z.infer<typeof lettingOffersSchema>

/** How plots are let: the administrator's settings. */
export const lettingSettingsSchema = z.object({
  ...lettingOffersSchema.shape,
  /** The day (MM-DD) everyone on the list is asked whether they still want a plot; '' for never. */
  stillWantDate: z.union([monthDay, z.literal('')]),
  /** Days to answer that question before lapsing. */
  stillWantDays: days,
  privacyNotice: z
    .string()
    .trim()
    .min(1, lettingMessages.privacyNoticeRequired)
    .max(4000, commonMessages.tooLong('privacy notice', 4000)),
  /** How many sites' lists an applicant may choose (issue 46); settings saved before: 3. */
  sitesPerApplicant: z.int().min(1).max(20).default(3),
  /** When someone accepts a plot on one site, whether their places on other lists end or stay. */
  otherPlacesOnAccept: z.enum(OTHER_PLACES).default('end'),
})
export type LettingSettings = z.infer<typeof lettingSettingsSchema>
export const storedLettingSettingsSchema = lettingSettingsSchema.safeExtend({
  version: z.int().min(0),
})
export type StoredLettingSettings = z.infer<typeof storedLettingSettingsSchema>

/**
 * A site's letting settings (GET and PUT /api/letting/settings/sites/:siteId): how its plots are
 * offered, or null when they are offered the organisation's way. Version 0: never saved.
 */
export const siteLettingSettingsSchema = z.object({
  offers: lettingOffersSchema.nullable(),
  version: z.int().min(0),
})
export type SiteLettingSettings = z.infer<typeof siteLettingSettingsSchema>

export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'withdrawn'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
export const OFFER_CHANNELS = ['email', 'post', 'both'] as const

export const offerSchema = z.object({
  id: z.number(),
  plotId: z.string(),
  /** The plot as its readers name it (another site's "1" is keyed "1-2"), and its site. */
  plotName: z.string(),
  siteId: z.number(),
  personId: z.string(),
  personName: z.string(),
  /** What they wrote to the committee when they applied on the website; '' for none. */
  personNote: z.string(),
  channel: z.enum(OFFER_CHANNELS),
  deadline: z.string(),
  status: z.enum(OFFER_STATUSES),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
})
export type Offer = z.infer<typeof offerSchema>

export const newOfferSchema = z.object({
  plotId: z.string().trim().min(1).max(40),
  personId: z.string().trim().min(1).max(40),
  reason: z.string().trim().max(500, commonMessages.tooLong('reason', 500)).default(''),
})
export type NewOffer = z.infer<typeof newOfferSchema>

/** What the committee chooses from: the list in order, and the plots that can be offered. */
export const offerChoicesSchema = z.object({
  waiting: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      position: z.number(),
      hasOpenOffer: z.boolean(),
      /** Their note for the committee, from their application on the website; '' for none. */
      note: z.string(),
    }),
  ),
  vacantPlots: z.array(z.string()),
})
export type OfferChoices = z.infer<typeof offerChoicesSchema>

export const offerAnswerSchema = z.object({ answer: z.enum(['accept', 'decline']) })

/** An open offer as its member sees it in My allotment (issue 29): no committee notes. */
export const myOfferSchema = z.object({
  id: z.number(),
  plotId: z.string(),
  plotName: z.string(),
  deadline: z.string(),
  status: z.string(),
})
export type MyOffer = z.infer<typeof myOfferSchema>

/** This year's "do you still want a plot?" as the member sees it; null when none is open. */
export const myStillWantSchema = z
  .object({ closesOn: z.string(), answered: z.boolean() })
  .nullable()
export type MyStillWant = z.infer<typeof myStillWantSchema>

/** The committee takes an open offer back; the reason is required (422 when empty). */
export const withdrawOfferSchema = z.object({
  reason: z.string().trim().max(500, commonMessages.tooLong('reason', 500)),
})

/** A link's token: to accept or decline an offer, or to stay on the list. */
// A token cut short or padded (a link broken across lines in an e-mail) is refused as a link that
// cannot be used, in the words of its page, never with the length a token must have.
export const tokenSchemaFor = (unusable: string) =>
  z.object({
    token: z.string({ error: unusable }).min(20, { error: unusable }).max(100, { error: unusable }),
  })

/** The token of a link confirming an application. (An offer's link, in its words: the server's.) */
export const applyTokenSchema = tokenSchemaFor(lettingMessages.tokenUnusable)
export const tokenPreviewSchema = z.discriminatedUnion('action', [
  // The link's page names the plot as its letter did, by its name (another site's "1" is keyed
  // "1-2"): the public is told nothing of keys.
  z.object({
    action: z.enum(['accept', 'decline']),
    plotName: z.string(),
    deadline: z.string(),
  }),
  z.object({ action: z.literal('stay'), closesOn: z.string() }),
])
export type TokenPreview = z.infer<typeof tokenPreviewSchema>

/** The application on the website a person came from, as their page shows it to the committee. */
export const personApplicationSchema = z.object({
  reference: z.string(),
  note: z.string(),
  confirmedAt: z.string(),
})
export type PersonApplication = z.infer<typeof personApplicationSchema>

/** Someone taken off the list for not answering the yearly question, whom the committee may restore. */
export const lapsedPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  lapsedOn: z.string(),
})
export type LapsedPerson = z.infer<typeof lapsedPersonSchema>
