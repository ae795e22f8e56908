// An invoice paid in instalments (issue 47, item 3, decision 60): the invoice page's split, the
// server's refusals, the reminder that names the instalment, and the PDF's and My rent's table.
// Amounts reach these as text already (penceText); dates as ISO dates, which these write in words.

import { longDate } from '#shared/domain/dates'

export const instalmentMessages = {
  heading: 'Instalments',
  caption: 'The instalments, in the order they fall due',
  dueDate: 'Due by',
  amount: 'Amount',
  paid: 'Paid',
  outstanding: 'Still owed',
  state: 'Status',
  statePaid: 'Paid',
  stateOverdue: 'Overdue',
  stateToCome: 'To come',
  notSplit: 'This invoice is paid in one sum.',
  splitHeading: 'Pay in instalments',
  replaceHeading: 'Change the instalments',
  splitBy: 'Split by',
  byCount: 'Number of instalments',
  byAmount: 'Amount of each instalment',
  count: 'How many instalments',
  eachAmount: 'Each instalment (£)',
  firstDue: 'First instalment due on',
  splitHint: (owed: string) =>
    `What is still owed, ${owed}, is split; an instalment falls due each month from the first, and the last takes what is left.`,
  splitButton: 'Split into instalments',
  replaceButton: 'Replace the instalments',
  splitSaved: 'The instalments were saved.',
  pdfLine: ({ dueDate, outstanding }: { dueDate: string; outstanding: number }) =>
    `Due by ${longDate(dueDate)}${outstanding <= 0 ? ' (paid)' : ''}`,
  madeBy: (by: string, date: string) => `Split by ${by} on ${longDate(date)}.`,
  // Refusals.
  nothingOwed: 'Nothing is owed on this invoice, so there is nothing to split.',
  countRange: (max: number) => `Choose between 2 and ${max} instalments.`,
  tooManyForOwed: (owed: string) => `${owed} cannot be split into that many instalments.`,
  amountBelowOwed: (owed: string) =>
    `Each instalment must be at least 1p and less than the ${owed} still owed.`,
  amountTooSmall: (max: number) => `That would make more than ${max} instalments.`,
  countOrAmount: 'Give either the number of instalments or the amount of each, not both.',
  firstDueBeforeIssue: (issued: string) =>
    `The first instalment cannot fall due before the invoice was issued (${longDate(issued)}).`,
  cancelledInvoice: 'This invoice was cancelled, so it cannot be paid in instalments.',
  // The reminder of an unpaid instalment (the rent reminder's subject stays the same).
  reminderText: (
    name: string,
    number: number,
    overdue: string,
    due: string,
    instructions: string,
    reference: string,
  ) =>
    `Dear ${name},\n\nRent invoice ${number} is paid in instalments, and our records show ${overdue} of it overdue: the instalment due on ${longDate(due)} is unpaid. If you have paid in the last few days, thank you, and please ignore this letter.\n\n${instructions}\nPlease quote ${reference} with your payment.\n`,
} as const
