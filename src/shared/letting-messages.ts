// What applying for a plot says: the public pages' words and the server's answers. Written once,
// like every message (messages.ts), but kept apart so that the home page's bundle does not carry
// them: the apply pages load them with their own chunk.

export const lettingMessages = {
  applyIntro:
    'Apply for a plot and we will put you on the waiting list once you have confirmed your e-mail address.',
  consentLabel: 'I agree to the association keeping these details to run the waiting list',
  privacyNotice:
    'We keep your details only to run the waiting list and to offer you a plot, and share them with no one. Ask us at any time to see them or to remove them.',
  privacyNoticeRequired: 'Please write the privacy notice people agree to when they apply.',
  consentRequired: 'Please agree to us keeping your details, or we cannot put you on the list.',
  alreadyApplied:
    'An application with this e-mail address has already been made. Look up your place on the waiting list, or contact us.',
  applied: (email: string) =>
    `Thank you. We have sent an e-mail to ${email}: follow its link to confirm your application.`,
  confirmSubject: 'Confirm your application for a plot',
  confirmText: (name: string, link: string, association: string) =>
    `Dear ${name},\n\nThank you for applying for a plot. Please confirm your e-mail address by following this link within 7 days:\n\n${link}\n\nUntil you do, you are not on the waiting list. If you did not apply, ignore this e-mail.\n\n${association}\n`,
  confirmedSubject: (reference: string) => `You are on the waiting list: reference ${reference}`,
  confirmedText: (name: string, reference: string, position: number, total: number, link: string, association: string) =>
    `Dear ${name},\n\nYour application is confirmed and you are on the waiting list: number ${position} of ${total} today.\n\nYour reference is ${reference}. With it and this e-mail address you can see your place at any time:\n\n${link}\n\n${association}\n`,
  confirmed: (reference: string) => `Your application is confirmed. Your reference is ${reference}.`,
  tokenUnusable: 'This link has expired or has been used already. Apply again, or contact us.',
  position: (position: number, total: number) => `You are number ${position} of ${total} on the waiting list.`,
  notFound: 'We could not find that reference with that e-mail address. Check both and try again.',
  applicants: 'People applying for a plot',
  confirmedBatch: 'Applications confirmed',
  referenceRequired: 'Please enter your reference.',
  // The public pages' link and heading, and the person page's history of a place on the list.
  whereAmI: 'Where am I on the list?',
} as const
