// The fixed lists of letters and e-mails, without zod, so that screens which only show them stay
// small (the schemas in schemas/messages.ts are built from these).

/** How a person wants to hear from the association. */
export const CONTACT_WAYS = ['email', 'post', 'both'] as const
export type ContactBy = (typeof CONTACT_WAYS)[number]

/** What became of one copy of a message. */
export const COPY_STATUSES = [
  'queued',
  'sending',
  'sent',
  'outbox',
  'failed',
  'interrupted',
  'letter',
] as const
export type MessageStatus = (typeof COPY_STATUSES)[number]

export const SUBJECT_MAX = 200
export const MESSAGE_TEXT_MAX = 20_000
export const TEMPLATE_NAME_MAX = 100
