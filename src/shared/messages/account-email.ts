// A new e-mail address, an account's or a member's own, made theirs by the link sent there (issues
// 29 and 42): what the screens say of it. Its own small file: the pages a link opens, My account
// and My allotment load only this of it.

export const addressMessages = {
  linkSent: (email: string) =>
    `We have sent a link to ${email}. Your address changes when you follow it, within a day.`,
  confirmed: (email: string) => `Your e-mail address is now ${email}.`,
  addressLinkUnknown:
    "This link does not work: it has been used, a newer one has been sent, the committee cleared it, or the address has become another account's. Ask for a new one on My account.",
  addressLinkExpired: 'This link is more than a day old. Ask for a new one on My account.',
} as const
