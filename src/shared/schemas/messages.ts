import { z } from 'zod'
import { mailMessages } from '#shared/messages/mail'
import { BASE_MERGE_FIELDS, unknownFields } from '#shared/domain/merge-fields'
import { ONE_LINE, requiredText, rowNumber } from '#shared/schemas/text-fields'
import {
  CONTACT_WAYS,
  COPY_STATUSES,
  MESSAGE_TEXT_MAX,
  SUBJECT_MAX,
  TEMPLATE_NAME_MAX,
} from '#shared/domain/contact-ways'

/** How a person wants to hear from the association. Someone with no e-mail address gets post. */
export const contactBySchema = z.enum(CONTACT_WAYS)

/** Who a message goes to; `siteId`: only the plot holders of that site (issue 46). */
export const audienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plotholders'), siteId: rowNumber.optional() }),
  z.object({ kind: z.literal('waitinglist') }),
  z.object({ kind: z.literal('plot'), plotId: z.string().min(1) }),
  z.object({ kind: z.literal('unpaid') }),
  z.object({
    kind: z.literal('people'),
    ids: z.array(z.string().min(1)).min(1, mailMessages.chooseSomeone).max(20_000),
  }),
])
export type Audience = z.infer<typeof audienceSchema>

// A subject and a text, as a message or a template has them. A line break in a subject would
// start a new mail header.
export const letterTextFields = {
  subject: requiredText(mailMessages.subjectRequired, 'subject', SUBJECT_MAX).regex(
    ONE_LINE,
    mailMessages.subjectOneLine,
  ),
  body: requiredText(mailMessages.messageTextRequired, 'message', MESSAGE_TEXT_MAX),
}

// Merge fields are checked by name before anything is sent or kept; a feature's letters may know
// more of them (an inspection's plot and dates).
export const onlyKnownFields =
  (known: readonly string[] = BASE_MERGE_FIELDS) =>
  (text: { subject: string; body: string }, context: z.RefinementCtx) => {
    const unknown = unknownFields([text.subject, text.body], known)
    if (unknown.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['body'],
        message: mailMessages.unknownMergeFields(unknown, known),
      })
  }

/** A message as the committee writes it, to a group. */
export const messageDraftSchema = z
  .object({ audience: audienceSchema, ...letterTextFields })
  .superRefine(onlyKnownFields())
export type MessageDraft = z.infer<typeof messageDraftSchema>

/** A template kept to write from again: a name, a subject and a text with merge fields. */
export const messageTemplateInputSchema = z
  .object({
    name: requiredText(mailMessages.templateNameRequired, 'template name', TEMPLATE_NAME_MAX).regex(
      ONE_LINE,
      mailMessages.templateNameOneLine,
    ),
    ...letterTextFields,
  })
  .superRefine(onlyKnownFields())
export const updateMessageTemplateSchema = messageTemplateInputSchema.safeExtend({
  version: rowNumber,
})
export const messageTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  version: z.number(),
})
export type MessageTemplateInput = z.infer<typeof messageTemplateInputSchema>
export type UpdateMessageTemplate = z.infer<typeof updateMessageTemplateSchema>
export type MessageTemplate = z.infer<typeof messageTemplateSchema>

export const channelSchema = z.enum(['email', 'post'])
export const messageStatusSchema = z.enum(COPY_STATUSES)

/** One copy as its person will have it: the e-mail to their address, or the letter to print. */
export const sampleCopySchema = z.object({
  channel: channelSchema,
  /** The e-mail address, or the name and postal address the letter is addressed to. */
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
})
export type SampleCopy = z.infer<typeof sampleCopySchema>

/** How many people something sent reaches, and how many copies go by each way. */
export const reachSchema = z.object({ people: z.number(), email: z.number(), post: z.number() })

/**
 * What a preview answers, to be given back to send (issue 44): the server sends only when what it
 * would send is still what the preview showed.
 */
export const confirmationSchema = (message: string) =>
  z.string({ error: message }).min(1, message).max(100)

/**
 * What a draft would do: how many by each way, the first person's copies (e-mail, letter or both)
 * as they will have them, and the confirmation that sending it needs.
 */
export const messagePlanSchema = reachSchema.safeExtend({
  mailServer: z.boolean(),
  sample: z.object({
    personId: z.string(),
    name: z.string(),
    copies: z.array(sampleCopySchema),
  }),
  confirmation: z.string(),
})
export type MessagePlan = z.infer<typeof messagePlanSchema>

/** Sending a message: the draft as previewed, with its preview's confirmation. */
export const messageSendSchema = messageDraftSchema.safeExtend({
  confirmation: confirmationSchema(mailMessages.previewFirst),
})
export type MessageSend = z.infer<typeof messageSendSchema>

/** One copy of a message to one person, by one way, with what became of it. */
export const sentMessageSchema = z.object({
  id: z.number(),
  batchId: z.number(),
  personId: z.string(),
  channel: channelSchema,
  recipient: z.string(),
  subject: z.string(),
  status: messageStatusSchema,
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
export type SentMessage = z.infer<typeof sentMessageSchema>

/** A letter or e-mail as its member sees it in My allotment (issue 29). */
export const myMessageSchema = sentMessageSchema.pick({
  id: true,
  channel: true,
  subject: true,
  status: true,
  createdAt: true,
  sentAt: true,
})
export type MyMessage = z.infer<typeof myMessageSchema>

/** A message to a group, with its copies counted by what became of them. */
export const messageBatchSchema = z.object({
  id: z.number(),
  subject: z.string(),
  audience: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  counts: z.record(messageStatusSchema, z.number()),
})
export type MessageBatch = z.infer<typeof messageBatchSchema>
