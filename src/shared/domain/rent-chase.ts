import { addMonths } from '#shared/domain/dates'
import { chasedFrom, overdueOf, type Chased } from '#shared/domain/instalments'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { nextStep, stepDate, type RentStep } from '#shared/domain/rent'
import { rentNoticeMessages } from '#shared/messages/rent-notices'

// Chasing an unpaid invoice (the reminders job and the list of what falls due): its steps count
// from its due date, or from its earliest unpaid instalment's (decision 60). Apart from rent.ts,
// so that the screens which read only the rent year's rules do not carry the instalments.

/**
 * The next step an unpaid invoice is owed (a reminder, the arrears flag), the due date it counts
 * from and the day it falls due; none once the steps from that due date are all taken.
 */
export function nextChase(
  invoice: Chased,
  days: Record<RentStep, number>,
): { step: RentStep; from: string; date: string } | undefined {
  const from = chasedFrom(invoice)
  if (from === undefined) return undefined
  const step = nextStep(invoice.steps.filter((done) => done.from === from).map((done) => done.step))
  return step && { step, from, date: stepDate(from, step, days) }
}

/**
 * When to look at a split invoice again whose earliest unpaid instalment has had every step: the
 * first reminder's day of the next instalment still to come after `today`, if any. By then a
 * payment may have moved the chase on to a later instalment.
 */
export function nextLook(
  invoice: Chased,
  days: Record<RentStep, number>,
  today: string,
): string | undefined {
  const from = chasedFrom(invoice)
  if (!invoice.split || from === undefined) return undefined
  return invoice.split.instalments
    .filter((instalment) => instalment.dueDate > from)
    .map((instalment) => stepDate(instalment.dueDate, 'first', days))
    .find((date) => date > today)
}

/**
 * Rent unpaid 40 days after it is due allows one month's notice to quit (the Allotments Act 1922):
 * from then on the arrears list says so.
 */
export const NOTICE_TO_QUIT_DAYS = 40

/**
 * Whole days an unpaid invoice is past due on `today`, counted from the due date it is chased from
 * (its own, or its earliest unpaid instalment's); nought when nothing is past due.
 */
export function daysPastDue(invoice: Chased, today: string): number {
  const from = chasedFrom(invoice)
  if (from === undefined || from >= today) return 0
  return (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000
}

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
  if (invoice.cancelled) return refuse(rentNoticeMessages.invoiceCancelled)
  const dueOn = chasedFrom(invoice)
  if (dueOn === undefined) return refuse(rentNoticeMessages.nothingOwed)
  if (running.forInvoice) return refuse(rentNoticeMessages.alreadyGiven)
  if (running.onPlot) return refuse(rentNoticeMessages.plotUnderNotice)
  const days = daysPastDue(invoice, today)
  if (days < NOTICE_TO_QUIT_DAYS) return refuse(rentNoticeMessages.tooEarly(days))
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
