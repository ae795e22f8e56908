import { z } from 'zod'
import { commonMessages } from '#shared/messages/common'
import { settingsMessages } from '#shared/messages/settings'
import { siteImagesSchema } from '#shared/schemas/site-images'
import {
  ONE_LINE,
  optionalEmail,
  optionalText,
  requiredText,
  rowNumber,
} from '#shared/schemas/text-fields'

export const ASSOCIATION_NAME_MAX = 120
export const CHARITY_NUMBER_MAX = 40
export const REGISTER_URL_MAX = 2000
export const CONTACT_ADDRESS_MAX = 500
export const PAGE_TEXT_MAX = 20_000
export const SENDER_NAME_MAX = 80
export const HOME_HEADING_MAX = 80

const version = rowNumber

// The register link is put in the public footer's href: only a web address on a real domain.
const registerUrl = z
  .string({ error: settingsMessages.registerUrlInvalid })
  .trim()
  .max(REGISTER_URL_MAX, commonMessages.tooLong('register link', REGISTER_URL_MAX))
  .pipe(
    z.url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      error: settingsMessages.registerUrlInvalid,
    }),
  )

/** The association's details and the texts of the Home and About pages, as the administrator writes them. */
export const associationSettingsSchema = z.object({
  // Shown in the public header and footer: one line.
  name: requiredText(
    settingsMessages.associationNameRequired,
    'association name',
    ASSOCIATION_NAME_MAX,
  ).regex(ONE_LINE, settingsMessages.associationNameOneLine),
  charityNumber: optionalText('charity number', CHARITY_NUMBER_MAX),
  registerUrl,
  contactAddress: optionalText('contact address', CONTACT_ADDRESS_MAX),
  /** The name the association's e-mails come from; the address stays the server's (MAIL_FROM). */
  senderName: optionalText('sender name', SENDER_NAME_MAX).regex(
    ONE_LINE,
    settingsMessages.senderNameOneLine,
  ),
  /** Where replies to the association's e-mails go; none: to the sending address. */
  replyTo: optionalEmail('reply-to address'),
  /** Where enquiries and new applications are sent (CONTACT_TO until saved). */
  committeeEmail: optionalEmail('committee e-mail address'),
  /** The Home page's heading (issue 44), above its photo: one line. */
  homeHeading: requiredText(
    settingsMessages.homeHeadingRequired,
    'home page heading',
    HOME_HEADING_MAX,
  ).regex(ONE_LINE, settingsMessages.homeHeadingOneLine),
  /** Markdown. */
  homeText: optionalText('home page text', PAGE_TEXT_MAX),
  /** Markdown. */
  aboutText: optionalText('about page text', PAGE_TEXT_MAX),
})

/** The body of a save: the settings and the version they were read at. */
export const updateSettingsSchema = associationSettingsSchema.extend({ version })

/** The settings as GET /api/settings answers: each field set, or its default. */
export const settingsSchema = z.object({
  name: z.string(),
  charityNumber: z.string(),
  registerUrl: z.string(),
  contactAddress: z.string(),
  senderName: z.string(),
  replyTo: z.string(),
  committeeEmail: z.string(),
  homeHeading: z.string(),
  homeText: z.string(),
  aboutText: z.string(),
  version,
})

/** What every visitor's pages show: the details, and the page texts as HTML made on the server. */
export const siteInfoSchema = z.object({
  charityName: z.string(),
  charityNumber: z.string(),
  charityRegisterUrl: z.string(),
  contactAddress: z.string(),
  homeHeading: z.string(),
  homeHtml: z.string(),
  aboutHtml: z.string(),
  images: siteImagesSchema,
})

export type AssociationSettings = z.infer<typeof associationSettingsSchema>
export type UpdateSettings = z.infer<typeof updateSettingsSchema>
export type Settings = z.infer<typeof settingsSchema>
export type SiteInfo = z.infer<typeof siteInfoSchema>
