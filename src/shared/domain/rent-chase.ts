import { chasedFrom, type Chased } from '#shared/domain/instalments'
import { nextStep, stepDate, type RentStep } from '#shared/domain/rent'

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
