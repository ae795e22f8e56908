import { commonMessages } from '#shared/messages/common'
import { counted } from '#shared/domain/text'

// Contact enquiries: the public contact form, and the committee's Enquiries screen.

export const contactMessages = {
  contactFailed: 'Something went wrong. Click here to try again.',
  contactSent: 'Your enquiry has been submitted.',
  // Our own additions: the spec leaves these rules unstated, so their wording is ours.
  contactNameRequired: 'Please enter your name.',
  contactEnquiryRequired: 'Please enter your enquiry.',
  contactNameOneLine: 'Your name must fit on one line.',
  // The Enquiries screen. Mail written to the outbox folder has reached no one yet, so it is not
  // called "Sent" and is counted on its own.
  enquiriesCount: (total: number, unsent: number, inOutbox: number) =>
    `${counted(total, 'enquiry', 'enquiries')}, ${unsent} unsent` +
    (inOutbox > 0 ? `, ${inOutbox} in the outbox` : ''),
  enquiryInOutbox: commonMessages.inOutbox,
} as const
