import { longDate } from '#shared/domain/dates'

// A member's own pages (issue 29): My allotment, and the committee's linking of an account to the
// person it belongs to.

export const myAllotmentMessages = {
  notLinked:
    'Your account is not linked to a plot holder or waiting-list record yet. Ask the committee to link it.',
  recordRemoved: (on: string) =>
    `The record your account belonged to was removed on ${longDate(on.slice(0, 10))}. Ask the committee if this is a mistake.`,
  personHasAccount: (personId: string, userName: string) =>
    `${personId} already has an account: ${userName}.`,
  personMissing: (personId: string) =>
    `There is no plot holder or waiting-list member '${personId}'.`,
  invoiceNotYours: 'That invoice is not one of yours.',
  detailsSaved: 'Your details have been saved.',
  noInvoicesYet: 'No invoices have been sent to you yet.',
  noMessagesYet: 'The association has not written to you here yet.',
  emailHint: 'To change your e-mail address, ask the committee: they will check it is yours.',
  sharedWith: (names: readonly string[]) => `Shared with ${names.join(' and ')}.`,
  ownPlotOnMap: (plotIds: readonly string[]) =>
    `Map of the site with your plot ${plotIds.join(' and ')} marked`,
  linked: (userName: string, personId: string) => `${userName} is now linked to ${personId}.`,
  unlinked: (userName: string) => `${userName} is no longer linked to anyone.`,
}
