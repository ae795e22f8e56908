// Every bank line in its place and the year's accounts (issue 47, items 4 and 5): what the
// treasurer reads on the bank lines and accounts screens, in the CSV and in the AGM's PDF.

import { longDate } from '#shared/domain/dates'
import { counted } from '#shared/domain/text'

export const yearAccountsMessages = {
  linesKept: (kept: number, already: number) =>
    already > 0
      ? `${counted(kept, 'bank line')} kept for the accounts (${already} kept before).`
      : `${counted(kept, 'bank line')} kept for the accounts.`,
  columnsUnknown:
    'Choose the statement’s columns first: its lines cannot be kept until they are read.',
  lineMissing: 'That bank line is not kept.',
  categoryMissing: 'Choose a category from the list.',
  categoryRetired: 'That category is retired: choose another, or bring it back first.',
  rentNotRetired: 'Rent cannot be retired: the payments recorded from statements go there.',
  categoryNameTaken: (name: string) => `There is already a category called “${name}”.`,
  categoryNameNeeded: 'Give the category a name.',
  categorised: (name: string, others: number) =>
    others > 0
      ? `Categorised as ${name}; ${counted(others, 'other line')} from the same payee too.`
      : `Categorised as ${name}.`,
  byRule: 'by rule',
  matched: 'matched payment',
  counts: (lines: number, uncategorised: number, byRule: number, matched: number) =>
    `${counted(lines, 'line')}: ${uncategorised} not yet categorised, ${byRule} by rule, ${matched} matched payments.`,
  noLines: 'No bank lines are kept for these dates. Import a bank statement on the rent page.',
  accountsTitle: 'Receipts and payments account',
  period: (from: string, to: string) => `${longDate(from)} to ${longDate(to)}`,
  receipts: 'Receipts',
  payments: 'Payments',
  totalReceipts: 'Total receipts',
  totalPayments: 'Total payments',
  surplus: 'Receipts less payments',
  bankSection: 'Bank balance',
  openingBalance: 'Bank balance at the start',
  closingBalance: 'Bank balance at the end',
  statementClosing: 'Bank balance at the end on the statement',
  difference: 'Difference from the statement',
  differenceHint:
    'The balances differ: a statement of the year is not kept yet, or the balance at the start is not the bank’s.',
  openingUnknown: 'Not known: enter the bank balance at the start of the year.',
  openingFromStatement: 'from the statement',
  openingEntered: 'as entered',
  openingSaved: (from: string) => `The bank balance on ${longDate(from)} is saved.`,
  heldHeading: 'Held for others at the year’s end',
  totalHeld: 'Total held',
  depositsHeld: (kind: string) => `${kind} deposits`,
  uncategorisedWarning: (count: number) =>
    `${counted(count, 'line')} not yet categorised: they are counted as “Not yet categorised”.`,
  madeOn: (date: string) => `Prepared on ${longDate(date)} from the bank lines kept.`,
  dateRangeTooLong: 'Choose a period of at most two years.',
} as const
