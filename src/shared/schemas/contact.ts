import { z } from 'zod'
import { messages } from '#shared/messages'

function required(message: string, field: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, messages.tooLong(field, max))
}

// Spec section 5: the email is lowercased, then checked against a standard address pattern.
export const contactSchema = z.object({
  name: required(messages.contactNameRequired, 'name', 200),
  email: z
    .string({ error: messages.invalidEmail })
    .trim()
    .toLowerCase()
    .max(254, messages.tooLong('email address', 254))
    .regex(z.regexes.email, messages.invalidEmail),
  enquiry: required(messages.contactEnquiryRequired, 'enquiry', 5000),
})

export type Contact = z.infer<typeof contactSchema>
