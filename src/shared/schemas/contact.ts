import { z } from 'zod'
import { messages } from '#shared/messages'
import { emailAddress, requiredText } from '#shared/schemas/text-fields'

export const contactSchema = z.object({
  name: requiredText(messages.contactNameRequired, 'name', 200),
  email: emailAddress,
  enquiry: requiredText(messages.contactEnquiryRequired, 'enquiry', 5000),
})

export type Contact = z.infer<typeof contactSchema>
