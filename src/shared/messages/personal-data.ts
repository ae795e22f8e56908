import { longDate } from '#shared/domain/dates'

// A person's copy of everything the association keeps about them (issue 30): the download's
// readable summary, and the buttons that ask for it.

export const personalDataMessages = {
  downloadTheirs: 'Download their data',
  downloadMine: 'Download my data',
  downloadHint:
    'A ZIP file with everything kept about this person: a summary to read and the same data for a computer. Downloading it is logged.',
  downloadMineHint:
    'A ZIP file with everything the association keeps about you: a summary to read and the same data for a computer.',
  summaryTitle: (name: string, association: string) => `What ${association} keeps about ${name}`,
  summaryIntro: (on: string) =>
    `Made on ${longDate(on)}. The same data, for a computer to read, is in data.json beside this file. Amounts are in pounds here and in pence in data.json.`,
  nothingKept: 'Nothing is kept.',
  formerMember: (number: number) => `Former member ${number}`,
  alreadyErased: "This person's details have already been erased.",
  cannotErase: (blockers: readonly string[]) =>
    `Their details cannot be erased yet. ${blockers.join(' ')}`,
  eraseHeading: 'Erase personal details',
  eraseHint:
    'Replaces their name, address, phone number and e-mail addresses wherever they are kept, the activity log included, with "Former member" and a number. Their invoices and payments stay, under that name, as the accounts must. Backups made before keep what they held.',
  eraseButton: 'Erase their personal details',
  eraseConfirm: (name: string) => `Erase the personal details of ${name}? This cannot be undone.`,
  erased: (marker: string) => `Their details are erased. The record is now ${marker}.`,
  erasedOn: (on: string) => `This person's details were erased on ${longDate(on)}.`,
  owesMoney: (amount: string) =>
    `They still owe ${amount}: the rent must be paid, written off or cancelled first.`,
  holdsPlots: (plots: readonly string[]) =>
    `They hold ${plots.length === 1 ? 'plot' : 'plots'} ${plots.join(' and ')}: end the tenancy first.`,
  yes: 'Yes',
  no: 'No',
  sections: {
    person: 'The record',
    waitingListHistory: 'Waiting-list history',
    emailChanges: 'Changes of e-mail address asked for',
    applications: 'Applications for a plot',
    offers: 'Offers of a plot',
    stillWant: 'Answers to "do you still want a plot?"',
    invoices: 'Invoices',
    ledger: 'Payments and other entries on the invoices',
    messages: 'Letters and e-mails sent',
    enquiries: 'Enquiries sent through the website',
    account: 'Website account',
    sessions: 'Signed-in sessions of the account',
    invitations: 'Invitations to sign in',
    accountLog: 'Activity log of the account',
    log: 'Activity log of the record',
  } as Record<string, string>,
}
