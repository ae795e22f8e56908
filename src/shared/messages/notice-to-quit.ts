// A notice to quit for rent (issue 47, item 6, decision 61): the arrears list's confirm step, the
// server's refusals, the letter and e-mail, and what the plot's history says. Apart from
// rent-notices.ts, so that the rent screens load them only with the confirm step.

import { longDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'

const names = (tenants: readonly string[]) => tenants.join(' and ') || 'the tenants'

export const noticeToQuitMessages = {
  // The confirm step.
  confirmHeading: (plot: string) => `Notice to quit for plot ${plot}`,
  owedSummary: (payer: string, overdue: number, plot: string, dueOn: string, days: number) =>
    `${payer} owes ${penceText(overdue)} for plot ${plot}, due on ${longDate(dueOn)} and unpaid for ${days} days.`,
  endsSummary: (tenants: readonly string[], plot: string, endsOn: string) =>
    `The notice goes to ${names(tenants)} and ends their tenancy of plot ${plot} on ${longDate(endsOn)}, one month from today.`,
  paidMeanwhile:
    'If the rent is paid in full before that day, the tenancy goes on: the notice closes as paid and nothing more is sent.',
  asTheyWillRead: (name: string) => `The notice to quit as ${name} will read it:`,
  confirmSend: 'Send the notice',
  // The server's refusals: nothing is changed.
  invoiceCancelled: 'This invoice is cancelled: no notice to quit can be given for it.',
  nothingOwed: 'This invoice is paid: no notice to quit can be given for it.',
  alreadyGiven: 'A notice to quit for this invoice is already running.',
  plotUnderNotice: 'The plot is already under notice to quit.',
  tooEarly: (days: number) =>
    `Notice to quit may be given only from the 40th day past due; this invoice is ${days} ${days === 1 ? 'day' : 'days'} past due.`,
  noTenant: 'The plot has no tenant to give notice to.',
  noticeChanged:
    'What the notice would say or whom it would reach has changed since you looked at it. Look at it again before sending.',
  confirmFirst: 'Look at the notice, and confirm it, before it is sent.',
  // The letter and e-mail, and the batch they are kept in.
  letter: {
    subject: 'Notice to quit plot {plot}: rent unpaid',
    body:
      'Dear {dearName},\n\nThe rent of {rentOverdue} for plot {plot} (invoice {invoiceNumber}), ' +
      'due on {rentDueOn}, is still unpaid more than 40 days after it was due.\n\nUnder the ' +
      'Allotments Act 1922 we therefore give you notice that your tenancy of plot {plot} ends on ' +
      '{tenancyEndsOn}. If the rent is paid in full before then, your tenancy will go on.' +
      '\n\n{associationName}',
  },
  batch: (plot: string) => `Notice to quit plot ${plot} for rent unpaid`,
  audience: (plot: string) => `Tenants of plot ${plot}`,
  // The plot's history.
  historyForRent: (invoiceNumber: number | undefined) =>
    invoiceNumber === undefined
      ? 'For rent unpaid.'
      : `For the rent of invoice ${invoiceNumber}, unpaid.`,
} as const
