import { longDate } from '#shared/domain/dates'
import { addressMessages } from '#shared/messages/account-email'
import type { OwnField } from '#shared/schemas/person'

// A member's own pages (issue 29): My allotment, and the committee's linking of an account to the
// person it belongs to.

/** The labels of what a member may change of their own record, on their form and in its history. */
export const ownFieldLabels: Record<OwnField, string> = {
  title: 'Title',
  firstName: 'First name',
  lastName: 'Last name',
  address: 'Address',
  phoneNumber: 'Phone number',
  email: 'E-mail Address',
  altEmail: 'Alternative e-mail',
  contactBy: 'Way of contact',
}

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
  offerNotYours: 'That offer is not one of yours.',
  letterNotYours: 'That letter is not one of yours.',
  offeredPlot: (plotId: string, deadline: string) =>
    `You are offered plot ${plotId}. Please say whether you accept it by ${longDate(deadline)}.`,
  noStillWantQuestion:
    'You have not been asked whether you still want a plot this year, or the time to answer has passed.',
  stillWantAsked: (closesOn: string) =>
    `Once a year we ask everyone on the waiting list whether they still want a plot. Please tell us by ${longDate(closesOn)}, or you will be taken off the list.`,
  offerAnswered: (plotId: string, accepted: boolean) =>
    accepted ? `Plot ${plotId} is yours. Welcome!` : `You have declined plot ${plotId}.`,
  detailsSaved: 'Your details have been saved.',
  yourCredit: (credit: string) =>
    `You have ${credit} in credit: you paid more than was asked, and it will go towards your next invoice.`,
  paidOver: (over: string) => `Nothing: ${over} paid over`,
  noInvoicesYet: 'No invoices have been sent to you yet.',
  instalmentsOf: (number: number) => `Invoice ${number} in instalments`,
  noMessagesYet: 'The association has not written to you here yet.',
  emailHint:
    'To change it, give the new address below: it takes effect once you follow the link we send there.',
  emailUnchanged: 'That is already your e-mail address.',
  emailLinkSent: addressMessages.linkSent,
  emailChangeSubject: 'Confirm your new e-mail address',
  emailChangeText: (firstName: string, link: string, association: string) =>
    `Hello ${firstName},\n\nYou asked ${association} to use this e-mail address for you from now on. Follow this link within a day to confirm it:\n\n${link}\n\nIt works once. If you did not ask, ignore this e-mail: nothing changes.\n\n${association}`,
  emailLinkUnknown:
    'This link does not work: it has been used, a newer one has been sent, or it was never sent. Ask for a new one on My allotment.',
  emailLinkExpired: 'This link is more than a day old. Ask for a new one on My allotment.',
  emailChanged: addressMessages.confirmed,
  sharedWith: (names: readonly string[]) => `Shared with ${names.join(' and ')}.`,
  ownPlotOnMap: (plotIds: readonly string[]) =>
    `Map of the site with your plot ${plotIds.join(' and ')} marked`,
  invitationNeedsEmail: (personId: string) =>
    `${personId} has no e-mail address to send an invitation to. Add one first, or give them a letter with your association's sign-in instructions.`,
  invitationSent: (email: string, until: string) =>
    `An invitation is on its way to ${email}. Its link works until ${longDate(until.slice(0, 10))}.`,
  invitationSubject: (association: string) => `Your invitation to sign in to ${association}`,
  invitationText: (firstName: string, link: string, association: string) =>
    `Hello ${firstName},\n\n${association} invites you to sign in to its website, where you can see your plot, your rent and the letters we send you, and keep your contact details up to date.\n\nFollow this link within 14 days to choose a user name and password:\n\n${link}\n\nIt works once. If you were not expecting this, ignore this e-mail.\n\n${association}`,
  invitationUnknown:
    'This invitation link does not work: it has been used, a newer one has been sent, or it was never sent. Ask the committee for a new one.',
  invitationExpired:
    'This invitation is more than 14 days old. Ask the committee to send you a new one.',
  joined: (userName: string) => `Welcome, ${userName}. You are signed in.`,
  signsInAs: (userName: string, lastSignIn: string | null) =>
    `Signs in as ${userName}${lastSignIn ? `; last signed in on ${longDate(lastSignIn.slice(0, 10))}` : ''}.`,
  invitedOn: (createdAt: string, expiresAt: string) =>
    `Invited to sign in on ${longDate(createdAt.slice(0, 10))}; the link works until ${longDate(expiresAt.slice(0, 10))}.`,
  invitationLapsed: (createdAt: string) =>
    `Invited to sign in on ${longDate(createdAt.slice(0, 10))}, but did not join within 14 days.`,
  notInvited: 'Not invited to sign in yet.',
  notOnMap: (plotIds: readonly string[]) =>
    `Plot ${plotIds.join(' and ')} is not drawn on the site map yet.`,
  yourPlotMarked: (plotIds: readonly string[]) =>
    `Your plot ${plotIds.join(' and ')} is marked on the map.`,
  changedByMember: (at: string, userName: string, fields: readonly OwnField[]) =>
    `${longDate(at.slice(0, 10))}, by ${userName}: ${fields.length ? fields.map((f) => ownFieldLabels[f].toLowerCase()).join(', ') : 'saved without changes'}.`,
  linked: (userName: string, personId: string) => `${userName} is now linked to ${personId}.`,
  unlinked: (userName: string) => `${userName} is no longer linked to anyone.`,
}
