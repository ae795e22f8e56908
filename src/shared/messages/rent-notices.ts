// The notices the law requires (issue 47, item 6): rent unpaid 40 days after it is due allows one
// month's notice to quit, which the arrears list says; a rent may be raised only with notice
// (decision 62). Apart from rent.ts, whose words many screens carry.
import { longDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'
import { counted } from '#shared/domain/text'

export const rentNoticeMessages = {
  daysPastDue: 'Days past due',
  noticeToQuitAllowed: (days: number) => `${days}: notice to quit may be given`,
  // Raising a rate (decision 62).
  raiseNoticeMonths: 'Notice needed to raise rent, in months',
  raiseNoticeHint: 'Twelve months unless your tenancy agreements say otherwise.',
  takesEffect: 'Takes effect from',
  earliestRaise: (earliest: string) =>
    `This rate can take effect from ${longDate(earliest)} at the earliest`,
  lowerAtOnce: 'A rate lowered takes effect at once.',
  raiseTooSoon: (earliest: string) =>
    `A raised rate needs notice: it can take effect from ${longDate(earliest)} at the earliest.`,
  raisesNone: 'No rent rise is waiting to take effect.',
  raiseSummary: (from: string, tenants: number) =>
    `From ${longDate(from)}: ${counted(tenants, 'tenant')} to be told`,
  writeRaiseLetter: (from: string) => `Write the notice letter for ${longDate(from)}`,
  /** A rise as a plot's history records it. */
  raiseHistory: (name: string, oldAmount: number, newAmount: number, from: string) =>
    `Notice of a rent rise for ${name}: ${penceText(oldAmount)} to ${penceText(newAmount)} a year from ${longDate(from)}`,
} as const
