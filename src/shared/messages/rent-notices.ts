// The notices the law requires (issue 47, item 6): rent unpaid 40 days after it is due allows one
// month's notice to quit, which the arrears list says and, from then, offers to send (decision
// 61). Apart from rent.ts, whose words many screens carry; the notice's own words (its confirm
// step, refusals and letter) are notice-to-quit.ts, loaded with the confirm step.

import { longDate } from '#shared/domain/dates'

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
} as const
