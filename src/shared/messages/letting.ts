// What applying for a plot says: the public pages' words and the server's answers. The apply
// pages load them with their own chunk, so the home page's bundle does not carry them.

export const lettingMessages = {
  applyIntro:
    'Apply for a plot and we will put you on the waiting list once you have confirmed your e-mail address.',
  consentLabel: 'I agree to the association keeping these details to run the waiting list',
  privacyNotice:
    'We keep your details only to run the waiting list and to offer you a plot, and share them with no one. Ask us at any time to see them or to remove them.',
  privacyNoticeRequired: 'Please write the privacy notice people agree to when they apply.',
  consentRequired: 'Please agree to us keeping your details, or we cannot put you on the list.',
  // The owner of an address already on record (a person, or a confirmed application) hears of an
  // application made with it; the form answers as for any other, so it tells no one who is a member.
  addressKnownSubject: 'Someone applied for a plot with your e-mail address',
  addressKnownText: (name: string, link: string, association: string) =>
    `Dear ${name},\n\nSomeone has just applied for a plot with this e-mail address. We already have it on our records, so we have made no new application and nothing has changed.\n\nIf it was you, there is no need to apply again: see your place on the waiting list with your reference, or contact us:\n\n${link}\n\nIf it was not you, you can ignore this e-mail.\n\n${association}\n`,
  addressKnownLogged:
    'An application was made with an e-mail address already on record: its owner was told by e-mail.',
  applied: (email: string) =>
    `Thank you. We have sent an e-mail to ${email}: follow its link to confirm your application.`,
  confirmSubject: 'Confirm your application for a plot',
  confirmText: (name: string, link: string, association: string) =>
    `Dear ${name},\n\nThank you for applying for a plot. Please confirm your e-mail address by following this link within 7 days:\n\n${link}\n\nUntil you do, you are not on the waiting list. If you did not apply, ignore this e-mail.\n\n${association}\n`,
  confirmedSubject: (reference: string) => `You are on the waiting list: reference ${reference}`,
  confirmedText: (
    name: string,
    reference: string,
    position: number,
    total: number,
    link: string,
    association: string,
  ) =>
    `Dear ${name},\n\nYour application is confirmed and you are on the waiting list: number ${position} of ${total} today.\n\nYour reference is ${reference}. With it and this e-mail address you can see your place at any time:\n\n${link}\n\n${association}\n`,
  // The link only opens the page; the press confirms, so a mail scanner that follows links cannot.
  confirmIntro: 'Press the button to confirm your e-mail address and join the waiting list.',
  confirmButton: 'Confirm my application',
  confirmed: (reference: string) =>
    `Your application is confirmed. Your reference is ${reference}.`,
  tokenUnusable: 'This link has expired or has been used already. Apply again, or contact us.',
  position: (position: number, total: number) =>
    `You are number ${position} of ${total} on the waiting list.`,
  notFound: 'We could not find that reference with that e-mail address. Check both and try again.',
  // Several sites (issue 46): the lists an applicant chooses, and their place on each.
  sitesLegend: 'Which sites’ waiting lists would you like to join?',
  sitesHint: (most: number) => `Choose up to ${most}.`,
  chooseASite: 'Choose at least one site.',
  tooManySites: (most: number) => `Choose up to ${most} sites.`,
  siteNotOpen: 'One of the sites chosen is not taking applications.',
  positionAt: (site: string, position: number, total: number) =>
    `${site}: number ${position} of ${total} on the waiting list.`,
  applicants: 'People applying for a plot',
  confirmedBatch: 'Applications confirmed',
  // The committee's e-mail when someone joins the list from the website.
  committee: 'The committee',
  committeeNoticeBatch: 'New on the waiting list from the website',
  committeeNoticeSubject: (name: string, position: number, total: number) =>
    `New on the waiting list: ${name}, number ${position} of ${total}`,
  committeeNoticeText: ({
    name,
    reference,
    position,
    total,
    note,
    link,
  }: {
    name: string
    reference: string
    position: number
    total: number
    note: string
    link: string
  }) =>
    `${name} applied for a plot on the website and has confirmed their e-mail address (reference ${reference}). They are number ${position} of ${total} on the waiting list.\n\n${
      note ? `Their note for the committee:\n\n${note}` : 'They wrote no note for the committee.'
    }\n\nTheir page: ${link}\n`,
  referenceRequired: 'Please enter your reference.',
  // The public pages' link and heading, and the person page's history of a place on the list.
  whereAmI: 'Where am I on the list?',
} as const
