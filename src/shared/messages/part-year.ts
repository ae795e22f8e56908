// Part of a rent year (issue 43): a plot let after the year started, a tenant leaving before it
// ends; and the first year, taking the paid flags brought in before it. Our wording: the spec has
// no rent.

import { longDate } from '#shared/domain/dates'

export const partYearMessages = {
  partYearRules: {
    months: 'The whole months left, the month let included',
    quarters: 'The quarters left, the quarter let included',
    whole: 'The whole year',
    none: 'Nothing until the next year',
  },
  partYearLabel: 'A plot let after the year started is charged for',
  partYearLine: (months: number) => `Part of the year: ${months} months of 12`,
  leavingChoices: {
    stands: 'It stands as it is',
    reduce: 'Reduce it to the months held',
    writeoff: 'Write off what is still owed',
  },
  leavingQuestion: (invoiceNumber: number) =>
    `Invoice ${invoiceNumber} of this year still owes money. What happens to it?`,
  leaverOwes: (name: string, owed: string, amount: string) =>
    `${name} still owes ${owed} of ${amount}.`,
  reducedReference: (months: number, plot: string, on: string) =>
    `Reduced to the ${months} months held: left plot ${plot} on ${longDate(on)}`,
  writtenOffReference: (plot: string, on: string) =>
    `Written off: left plot ${plot} on ${longDate(on)}`,
  raiseInvoice: 'Raise an invoice',
  invoiceRaised: (number: number) => `Invoice ${number} raised.`,
  noYearToInvoice: 'There is no rent year under way to raise an invoice in.',
  alreadyInvoiced: (plot: string) => `Plot ${plot} already has an invoice this rent year.`,
  nothingToInvoice: (plot: string) =>
    `Plot ${plot} has no tenant, or nothing to charge for the rest of the year.`,
  paidBefore: 'Paid before the first rent year (the plot’s paid flag)',
  paidBeforeColumn: 'Paid already',
  keepPaid: (plot: string) => `Keep plot ${plot} as paid`,
  invoiceChoice: 'Their invoice: choose stands, reduce or writeoff.',
} as const
