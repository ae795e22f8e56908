import { z } from 'zod'
import { contactMessages } from '#shared/messages/contact'
import { emailAddress, ONE_LINE, requiredText, withoutLinks } from '#shared/schemas/text-fields'

export const contactSchema = z.object({
  // A line break in the name could forge lines in the e-mail sent to the committee.
  name: withoutLinks(
    requiredText(contactMessages.contactNameRequired, 'name', 200).regex(
      ONE_LINE,
      contactMessages.contactNameOneLine,
    ),
    'name',
  ),
  email: emailAddress,
  enquiry: requiredText(contactMessages.contactEnquiryRequired, 'enquiry', 5000),
})

export type Contact = z.infer<typeof contactSchema>

/** Where an enquiry went: a mail server, the EmailJS API, or (with neither set up) the outbox folder. */
export const deliverySchema = z.enum(['smtp', 'outbox', 'emailjs'])
export type Delivery = z.infer<typeof deliverySchema>

// An enquiry as the committee sees it. `deliveredTo` is null while unsent, and for enquiries sent
// before it was recorded, which went by mail.
export const enquirySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  enquiry: z.string(),
  createdAt: z.string(),
  sent: z.boolean(),
  sentAt: z.string().nullable(),
  deliveredTo: deliverySchema.nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
})

export type Enquiry = z.infer<typeof enquirySchema>
