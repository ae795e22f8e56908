import { longDate } from '#shared/domain/dates'

// The readable summary in a person's download of their data (issue 30).

export const personalDataSummaryMessages = {
  summaryTitle: (name: string, association: string) => `What ${association} keeps about ${name}`,
  summaryIntro: (on: string) =>
    `Made on ${longDate(on)}. The same data, for a computer to read, is in data.json beside this file. Amounts are in pounds here and in pence in data.json.`,
  nothingKept: 'Nothing is kept.',
  yes: 'Yes',
  no: 'No',
  sections: {
    person: 'The record',
    waitingListHistory: 'Waiting-list history',
    tenancyEnds: 'Tenancies ended',
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
    calendarAddress:
      'Private calendar address (when it was made; the address itself is never kept)',
    eventsComing: 'Events they said they would come to',
    accountLog: 'Activity log of the account',
    log: 'Activity log of the record',
  } as Record<string, string>,
}
