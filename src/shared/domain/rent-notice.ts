import { addMonths } from '#shared/domain/dates'
import { chasedFrom, overdueOf, type Chased } from '#shared/domain/instalments'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { daysPastDue, NOTICE_TO_QUIT_DAYS } from '#shared/domain/rent-chase'
import { noticeToQuitMessages as words } from '#shared/messages/notice-to-quit'

// Notice to quit for rent (issue 47, item 6, decision 61): when it may be given, what it names,
// and when the rent it named is paid. Apart from rent-chase.ts, which the rent screens load.

/** The notice the Act allows for rent: one month (decision 61). */
export const RENT_NOTICE_MONTHS = 1

/** What a notice to quit for rent given on `today` names: the sum overdue, its due date, the end. */
export interface RentNoticeTerms {
  /** What of the invoice is overdue (all it owes, or its overdue instalments'). */
  overdue: number
  /** The due date it is overdue from: the invoice's, or its earliest unpaid instalment's. */
  dueOn: string
  daysPastDue: number
  /** The tenancy's last day: one month from today. */
  endsOn: string
}

/**
 * Whether notice to quit may be given for an invoice on `today` (London's day, the server's
 * clock): not for one cancelled or paid, nor before the 40th day past due, nor while a notice for
 * it, or any notice to quit of its plot, is running. The refusal says which.
 */
export function rentNoticeTerms(
  invoice: Chased,
  today: string,
  running: { forInvoice: boolean; onPlot: boolean },
): Outcome<RentNoticeTerms> {
  if (invoice.cancelled) return refuse(words.invoiceCancelled)
  const dueOn = chasedFrom(invoice)
  if (dueOn === undefined) return refuse(words.nothingOwed)
  if (running.forInvoice) return refuse(words.alreadyGiven)
  if (running.onPlot) return refuse(words.plotUnderNotice)
  const days = daysPastDue(invoice, today)
  if (days < NOTICE_TO_QUIT_DAYS) return refuse(words.tooEarly(days))
  return ok({
    overdue: overdueOf(invoice, today),
    dueOn,
    daysPastDue: days,
    endsOn: addMonths(today, RENT_NOTICE_MONTHS),
  })
}

/**
 * Whether the rent a notice named is paid by its last day: nothing of what was overdue when it was
 * given (`sentOn`) is owed now, or the invoice was cancelled. Then the tenancy goes on.
 */
export const rentNoticeSettled = (invoice: Chased, sentOn: string) =>
  overdueOf(invoice, sentOn) === 0
