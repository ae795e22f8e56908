import { commonMessages } from '#shared/messages/common'
import { counted } from '#shared/domain/text'

// Letters and e-mails to members (issue 15): writing and sending them, templates, and what became
// of each copy, on the Messages screens and a person's page.

export const mailMessages = {
  subjectRequired: 'The subject must be filled in!',
  subjectOneLine: 'The subject must fit on one line.',
  messageTextRequired: 'The message must be filled in!',
  unknownMergeFields: (fields: readonly string[], known: readonly string[]) =>
    `${fields.length === 1 ? 'Unknown merge field' : 'Unknown merge fields'}: ${fields.map((f) => `{${f}}`).join(', ')}. ` +
    `Use ${known.map((f) => `{${f}}`).join(', ')}.`,
  emptyGroup: 'No one is in this group, so nothing was sent.',
  chooseSomeone: 'Choose at least one person.',
  messagePlan: (email: number, post: number) =>
    `${email.toLocaleString('en-GB')} by e-mail, ${post.toLocaleString('en-GB')} by letter.`,
  mailToOutbox: 'No mail server is set up: the e-mails will be saved in the outbox folder.',
  messageQueued: (email: number, post: number) =>
    `Queued ${counted(email, 'e-mail')} and ${counted(post, 'letter')}.`,
  noMessagesYet: 'No messages yet.',
  templateNameRequired: 'The template name must be filled in!',
  templateNameOneLine: 'The template name must fit on one line.',
  templateMissing: 'That template does not exist.',
  templateSaved: (name: string) => `The template "${name}" was saved.`,
  templateDeleted: (name: string) => `The template "${name}" was deleted.`,
  noLetters: 'This message has no letters to print.',
  downloadLetters: (count: number) =>
    count === 1
      ? 'Download the letter (PDF)'
      : `Download the ${count.toLocaleString('en-GB')} letters (PDF)`,
  nothingSentYet: 'Nothing sent to this person yet.',
  mergeFieldsHint: (fields: readonly string[]) =>
    `Merge fields: ${fields.map((f) => `{${f}}`).join(', ')}. {plots} reads “plot 15” or “plots 15 and 16”.`,
  nicknamesHint: 'Nicknames, separated by commas.',
  // What became of each copy of a message, as the screens name it.
  copyStatus: {
    queued: 'Waiting to be sent',
    sending: 'Sending',
    sent: 'Sent',
    outbox: commonMessages.inOutbox,
    failed: 'Not sent yet: will be tried again',
    interrupted: 'May have arrived',
    letter: 'Letter to print',
  },
  copyChannel: { email: 'E-mail', post: 'Letter' },
  messageInterrupted:
    'The server stopped while sending this e-mail: it may have arrived. Check with the person before sending it again.',
} as const
