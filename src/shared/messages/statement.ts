// A bank statement read and matched (issue 31): how it was read, what the screen counts, and the
// refusals of a file or a column mapping. The problems of a single line are rent.ts's.

import { longDate } from '#shared/domain/dates'
import { counted, inWords } from '#shared/domain/text'

export const statementMessages = {
  notAStatement:
    'This file is not a bank statement we can read: choose the CSV, OFX or QIF file your bank exports.',
  tooManyLines: (most: number) =>
    `The bank statement has more than ${most.toLocaleString('en-GB')} lines: export a shorter period.`,
  tooLongToRead: 'The bank statement took too long to read: export a shorter period.',
  needsMoney: 'Choose the amount column, or the money in column.',
  columnMissing: 'That column is not in the statement.',
  layoutNameNeeded: 'Give the layout a name, such as your bank’s.',
  layoutNameTooLong: 'The layout’s name must be at most 60 characters.',
  layoutUnreadable: 'The column layout could not be read. Choose the columns again.',
  layoutSaved: (name: string) =>
    `The layout “${name}” was saved: statements like this one will be read with it.`,
  readWith: (layout: string) => `Read as ${layout}.`,
  readByHeadings: 'Read as a CSV file, by its column headings.',
  chooseColumns:
    'We do not recognise this statement’s columns. Say which column holds what, and name the layout so that it is used next time.',
  counts: (read: number, matched: number, suggested: number, recorded: number, left: number) =>
    `Read ${counted(read, 'line')}: ${inWords([
      `${matched} matched`,
      `${suggested} suggested`,
      ...(recorded > 0 ? [`${recorded} already recorded`] : []),
      `${left} left alone`,
    ])}.`,
  alreadyRecorded: 'Already recorded from an earlier statement.',
  recordedByHand: (date: string, amount: string, invoice: string) =>
    `A payment of ${amount} to ${invoice} was recorded by hand on ${longDate(date)}: if it is this line, tie them, and the line is done.`,
  lineTied: (line: number) => `Line ${line} is tied to the payment recorded by hand.`,
  splitMustAddUp: (amount: string) => `The two parts must add up to ${amount}.`,
  chooseInvoice: 'Choose the invoice this payment is for.',
  layoutNameHint:
    'Your bank’s name, such as Co-operative Bank: statements like this one are read the same way next time.',
  splitRest: (amount: string) => `The rest of ${amount} goes to the second.`,
} as const
