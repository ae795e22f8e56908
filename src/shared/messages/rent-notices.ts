// The notices the law requires (issue 47, item 6): rent unpaid 40 days after it is due allows one
// month's notice to quit, which the arrears list says and, from then, offers to send (decision
// 61); a rent may be raised only with notice (decision 62). Apart from rent.ts, whose words many
// screens carry; the notice to quit's own words (its confirm step, refusals and letter) are
// notice-to-quit.ts, loaded with the confirm step.

import { longDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'
import { counted } from '#shared/domain/text'

export const rentNoticeMessages = {
  daysPastDue: 'Days past due',
  noticeToQuitAllowed: (days: number) => `${days}: notice to quit may be given`,
  // The arrears list's action, and what it shows once a notice is running.
  sendNotice: 'Send notice to quit',
  sendNoticeFor: (plot: string) => `Send notice to quit for plot ${plot}`,
  noticeRunning: (endsOn: string) =>
    `Notice to quit given: the tenancy ends on ${longDate(endsOn)}`,
  sent: (plot: string, endsOn: string) =>
    `Notice to quit sent for plot ${plot}: the tenancy ends on ${longDate(endsOn)}.`,
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
