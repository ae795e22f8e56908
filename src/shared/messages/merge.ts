import { longDate } from '#shared/domain/dates'
import { waitingListMessages } from '#shared/messages/waiting-list'

// Possible duplicates and merging two records of one person (issue 46): the report, the merge
// screen and the server's answers.

export const mergeMessages = {
  duplicatesHeading: 'Possible duplicates',
  duplicatesIntro:
    'People recorded twice: records with the same e-mail address, or the same name and postcode. Compare two records to merge them into one, keeping the history of both.',
  sharedAddressHint:
    'Two people who share an e-mail address (a couple, a family) are listed too: merge only records of one person.',
  noDuplicates: 'No possible duplicates found.',
  reasons: { email: 'Same e-mail address', namePostcode: 'Same name and postcode' },
  groupLabel: (names: string) => `Possible duplicates: ${names}`,
  compareWith: (name: string, other: string) => `Compare ${name} with ${other}`,
  backToDuplicates: 'Back to possible duplicates',
  mergeHeading: 'Merge two records',
  mergeIntro:
    'The record that stays keeps its nickname and account; the other record’s plots, place on the waiting list, offers, invoices and payments, letters, notices and history move onto it, and the other record goes.',
  whichStays: 'Which record stays?',
  recordsLabel: 'The two records',
  staysTag: 'Stays',
  goesTag: 'Merged into the other',
  choicesHeading: 'What the record keeps',
  choicesHint: 'Only the details the two records hold differently are asked about.',
  nothingToChoose: 'The two records hold the same details: nothing to choose.',
  fromRecord: (id: string) => `from ${id}`,
  bothNotes: 'both, joined',
  empty: '(none)',
  yes: 'Yes',
  no: 'No',
  fieldLabels: {
    title: 'Title',
    firstName: 'First name',
    lastName: 'Last name',
    address: 'Address',
    phoneNumber: 'Phone number',
    email: 'E-mail Address',
    altEmail: 'Alternative e-mail',
    contactBy: 'Way of contact',
    concession: 'Concession on the rent',
    notes: 'Notes',
    reference: waitingListMessages.referenceLabel,
  },
  statusLabel: 'Status',
  plotsLabel: 'Plots',
  dateJoinedLabel: 'Date joined',
  joinedListLabel: 'Joined waiting list',
  followsHeading: 'What follows from both',
  followsPlots: (plots: string) => `Plots: ${plots}.`,
  followsNoPlots: 'Plots: none.',
  followsLists: (lists: string) => `On the lists: ${lists}.`,
  followsPlace: (date: string) =>
    `On the waiting list from ${longDate(date)}: the earlier place of the two.`,
  mergeButton: (id: string) => `Merge into ${id}`,
  merging: 'Merging…',
  merged: (merged: string, kept: string) =>
    `${merged} was merged into ${kept}: their plots, place, invoices, letters and history are ${kept}’s now.`,
  cannotMerge: (blockers: readonly string[]) =>
    `These records cannot be merged. ${blockers.join(' ')}`,
  sameRecord: 'A record cannot be merged with itself: choose two different people.',
  erasedRecord: (id: string) =>
    `The details of ${id} were erased: an erased record cannot be merged.`,
  bothSignIn: (kept: string, merged: string) =>
    `Both sign in to the website (${kept} and ${merged}): unlink one of the accounts on the Accounts page first.`,
  bothOffered: (keptPlot: string, mergedPlot: string) =>
    `Both have an open offer (plot ${keptPlot} and plot ${mergedPlot}): wait for one to be answered, or withdraw it, first.`,
  notAnOption: (field: string) => `${field}: choose the value of one of the two records.`,
  everySiteOnly:
    'Possible duplicates and merging are for committee members of every site: records of one person may be on several sites.',
  mergedInto: (merged: string, kept: string, on: string) =>
    `${merged} was merged into ${kept} on ${longDate(on)}.`,
} as const
