// The words of offering a plot: the committee's offers screen, the letting settings, the page an
// offer's link opens, the e-mails and letters, and the yearly "do you still want a plot?".
// Dates reach these as ISO dates, which these write in words.

import { longDate } from '#shared/domain/dates'
import { inWords } from '#shared/domain/text'

export const offerMessages = {
  offers: 'Offers',
  openOffers: 'Open offers',
  closedOffers: 'Answered and expired offers',
  noOpenOffers: 'There are no open offers.',
  noClosedOffers: 'No offer has been answered yet.',
  makeOffer: 'Offer a plot',
  offerThisPlot: 'Offer this plot',
  sendOffer: 'Send offer',
  offerSent: (plotId: string, name: string) => `Plot ${plotId} has been offered to ${name}.`,
  plot: 'Plot',
  person: 'Offer to',
  deadline: 'Answer by',
  status: 'Status',
  reason: 'Reason for choosing someone else',
  reasonHint:
    'Needed when the plot does not go to the next person on the list; it is kept in the log.',
  nextInLine: (name: string, position: number) => `Next in line: ${name} (number ${position}).`,
  nobodyWaiting: 'Nobody on the waiting list can be offered a plot.',
  noVacantPlot: 'There is no vacant plot without an open offer.',
  offerStatus: {
    open: 'Open',
    accepted: 'Accepted',
    declined: 'Declined',
    expired: 'Deadline passed',
    withdrawn: 'Withdrawn',
  },
  recordAccepted: 'Record as accepted',
  recordDeclined: 'Record as declined',
  withdraw: 'Withdraw',
  withdrawHeading: (plotId: string, name: string) =>
    `Withdraw the offer of plot ${plotId} to ${name}`,
  withdrawReason: 'Reason for withdrawing',
  withdrawHint:
    'Kept in the log and in their history. They are told the offer is withdrawn, not why.',
  withdrawButton: 'Withdraw offer',
  offerWithdrawn: (plotId: string) => `The offer of plot ${plotId} has been withdrawn.`,
  // The server's refusals.
  reasonRequired:
    'Give a reason for offering the plot to someone other than the next person on the list.',
  notOnList: 'This person is not on the waiting list.',
  plotNotVacant: 'This plot is not vacant.',
  plotAlreadyOffered: 'This plot has already been offered and the offer is still open.',
  plotLetMeanwhile: 'Sorry, this plot has been let meanwhile. Please contact us.',
  withdrawReasonRequired: 'Give a reason for withdrawing the offer.',
  offerClosed:
    'This offer has already been answered, has been withdrawn or has passed its deadline.',
  linkUnusable: 'This link has expired or has been used already. Please contact us.',
  // The page an offer's link opens.
  answerHeading: 'Your offer of a plot',
  answerAccept: (plotId: string, deadline: string) =>
    `You are accepting plot ${plotId}. The offer is open until ${longDate(deadline)}.`,
  answerDecline: (plotId: string, deadline: string) =>
    `You are declining plot ${plotId}. The offer is open until ${longDate(deadline)}.`,
  acceptButton: 'Accept the plot',
  declineButton: 'Decline the plot',
  accepted: (plotId: string) =>
    `Plot ${plotId} is yours. The committee will be in touch about the keys.`,
  declined: 'You have declined the plot. Thank you for telling us.',
  // The offer itself, by e-mail or letter.
  offerSubject: (plotId: string) => `An offer of plot ${plotId}`,
  offerBatch: 'Offers of a plot',
  offerAudience: 'People offered a plot',
  offerEmail: (
    name: string,
    plotId: string,
    deadline: string,
    accept: string,
    decline: string,
    association: string,
  ) =>
    `Dear ${name},\n\nWe are pleased to offer you plot ${plotId}. Please answer by ${longDate(deadline)}.\n\nTo accept it, follow this link:\n${accept}\n\nTo decline it, follow this link:\n${decline}\n\nIf we have not heard from you by then, the offer will lapse.\n\n${association}\n`,
  offerLetter: (name: string, plotId: string, deadline: string, association: string) =>
    `Dear ${name},\n\nWe are pleased to offer you plot ${plotId}. Please tell the committee whether you accept it by ${longDate(deadline)}.\n\nIf we have not heard from you by then, the offer will lapse.\n\n${association}\n`,
  withdrawnSubject: (plotId: string) => `Our offer of plot ${plotId} is withdrawn`,
  withdrawnText: (name: string, plotId: string, onList: boolean, association: string) =>
    `Dear ${name},\n\nWe are sorry: we have had to withdraw our offer of plot ${plotId}, so please disregard it.${onList ? ' You keep your place on the waiting list.' : ''}\n\n${association}\n`,
  // The yearly question to everyone on the list.
  stillWantSubject: 'Do you still want a plot?',
  stillWantBatch: (year: string) => `Waiting list: do you still want a plot? (${year})`,
  stillWantAudience: 'Everyone on the waiting list',
  stillWantEmail: (name: string, closesOn: string, link: string, association: string) =>
    `Dear ${name},\n\nOnce a year we ask everyone on our waiting list whether they still want a plot. If you do, please follow this link by ${longDate(closesOn)}:\n${link}\n\nIf we do not hear from you by then, you will be taken off the list.\n\n${association}\n`,
  stillWantLetter: (name: string, closesOn: string, association: string) =>
    `Dear ${name},\n\nOnce a year we ask everyone on our waiting list whether they still want a plot. If you do, please tell the committee by ${longDate(closesOn)}.\n\nIf we do not hear from you by then, you will be taken off the list.\n\n${association}\n`,
  stillWantHeading: 'Staying on the waiting list',
  stillWantButton: 'I still want a plot',
  stillWantDone: 'Thank you: you stay on the waiting list in the same place.',
  restore: 'Restore to the waiting list',
  lapsedHeading: 'Lapsed from the waiting list',
  noLapsed: 'Nobody has lapsed from the waiting list.',
  lapsedOn: 'Lapsed on',
  restored: 'Restored to the waiting list in their old place.',
  notLapsed: 'This person has not lapsed from the waiting list.',
  // The history's reasons.
  offeredReason: (plotId: string, deadline: string) =>
    `Offered plot ${plotId}, to answer by ${longDate(deadline)}`,
  skippedReason: (plotId: string, to: string, reason: string) =>
    `Plot ${plotId} was offered to ${to}: ${reason}`,
  declinedReason: (plotId: string, toEnd: boolean) =>
    `Declined plot ${plotId}${toEnd ? '; moved to the end of the list' : '; keeps their place'}`,
  expiredReason: (plotId: string, toEnd: boolean) =>
    `Did not answer the offer of plot ${plotId} in time${toEnd ? '; moved to the end of the list' : '; keeps their place'}`,
  withdrawnReason: (plotId: string, reason: string) =>
    `The offer of plot ${plotId} was withdrawn: ${reason}; keeps their place`,
  acceptedReason: (plotId: string) => `Accepted plot ${plotId}`,
  acceptedStayingReason: (plotId: string, sites: readonly string[]) =>
    `Accepted plot ${plotId}; stays on the waiting ${sites.length === 1 ? 'list' : 'lists'} of ${inWords(sites)}`,
  // Someone on several sites' lists accepts a plot (issue 46): what became of their other places.
  placesSubject: 'Your places on our waiting lists',
  placesText: (
    name: string,
    plotId: string,
    site: string,
    places: { left: readonly string[]; stayed: readonly string[] },
    association: string,
  ) =>
    `Dear ${name},\n\nThank you for accepting plot ${plotId} at ${site}. ${
      places.stayed.length > 0
        ? `You stay on the waiting ${places.stayed.length === 1 ? 'list' : 'lists'} of ${inWords(places.stayed)}, in the same ${places.stayed.length === 1 ? 'place' : 'places'}.`
        : `You have left the waiting ${places.left.length === 1 ? 'list' : 'lists'} of ${inWords(places.left)}.`
    }\n\n${association}\n`,
  lapsedReason: (closesOn: string) =>
    `Did not say by ${longDate(closesOn)} that they still want a plot`,
  restoredReason: 'Restored by the committee',
  // The letting settings (administrator).
  settingsHeading: 'Letting settings',
  offerDays: 'Days to answer an offer',
  declinePolicy: 'Someone who declines or does not answer',
  keepsPlace: 'keeps their place on the list',
  goesToEnd: 'goes to the end of the list',
  stillWantDate: 'Ask the waiting list once a year on',
  never: 'Never',
  stillWantDays: 'Days to answer before lapsing',
  privacyNoticeLabel: 'Privacy notice on the application form',
  sitesPerApplicant: 'Sites an applicant may choose',
  otherPlacesOnAccept: 'When someone accepts a plot on one site, their places on other lists',
  otherPlacesEnd: 'end',
  otherPlacesStay: 'stay',
  saveSettings: 'Save letting settings',
  settingsSaved: 'Letting settings saved.',
} as const
