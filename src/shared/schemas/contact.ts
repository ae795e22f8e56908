import { z } from 'zod'
import { messages } from '#shared/messages'
import { emailAddress, requiredText } from '#shared/schemas/text-fields'

export const contactSchema = z.object({
  // A line break in the name could forge lines in the e-mail sent to the committee.
  name: requiredText(messages.contactNameRequired, 'name', 200).regex(/^[^\r\n]*$/, messages.contactNameOneLine),
  email: emailAddress,
  enquiry: requiredText(messages.contactEnquiryRequired, 'enquiry', 5000),
})

export type Contact = z.infer<typeof contactSchema>
