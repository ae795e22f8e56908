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
  sitePlotHolders: (site: string) => `All plot holders of ${site}`,
  chooseSomeone: 'Choose at least one person.',
  // A preview before anything is sent (issue 44): who it reaches, how, and the first person's copies.
  goesTo: (people: number, email: number, post: number) =>
    `This goes to ${counted(people, 'person', 'people')}: ${[
      ...(email > 0 ? [`${email.toLocaleString('en-GB')} by e-mail`] : []),
      ...(post > 0 ? [counted(post, 'as a letter to print', 'as letters to print')] : []),
    ].join(', ')}.`,
  asTheyWillRead: (name: string) => `As ${name} will read it:`,
  sampleByEmail: (address: string) => `By e-mail to ${address}:`,
  sampleAsLetter: 'As a letter to print, addressed to:',
  previewFirst: 'Preview the message and confirm it before sending.',
  changedSincePreview:
    'What this message would send has changed since the preview. Preview it again.',
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
  messageMissing: 'That message does not exist.',
  downloadLetters: (count: number) =>
    count === 1
      ? 'Download the letter (PDF)'
      : `Download the ${count.toLocaleString('en-GB')} letters (PDF)`,
  // Every person's copy printed, those sent by e-mail too: a notice board, the AGM pack.
  printForEveryone: 'Print for everyone (PDF)',
  nothingSentYet: 'Nothing sent to this person yet.',
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
  // The copies of a message in each state, counted, as the list of messages sent shows them.
  copiesCounted: {
    queued: (count: number) => `${counted(count, 'e-mail')} waiting to be sent`,
    sending: (count: number) => `${counted(count, 'e-mail')} sending`,
    sent: (count: number) => `${counted(count, 'e-mail')} sent`,
    outbox: (count: number) => `${counted(count, 'e-mail')} in the outbox`,
    failed: (count: number) => `${counted(count, 'e-mail')} to be tried again`,
    interrupted: (count: number) => `${counted(count, 'e-mail')} that may have arrived`,
    letter: (count: number) => counted(count, 'letter to print', 'letters to print'),
  },
  copyChannel: { email: 'E-mail', post: 'Letter' },
  messageInterrupted:
    'The server stopped while sending this e-mail: it may have arrived. Check with the person before sending it again.',
} as const
