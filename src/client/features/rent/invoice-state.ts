import { invoiceMessages } from '#shared/messages/invoices'
import { shortDate } from '#shared/domain/dates'
import { overdueOf } from '#shared/domain/instalments'
import type { Invoice } from '#shared/schemas/rent'

export type InvoiceState = 'owing' | 'overdue' | 'paid' | 'writtenOff' | 'cancelled'

export const stateWords: Record<InvoiceState, string> = {
  owing: 'Owing',
  overdue: 'Overdue',
  paid: 'Paid',
  writtenOff: invoiceMessages.entryKind.writeoff,
  cancelled: invoiceMessages.entryKind.cancel,
}

/**
 * Where an invoice stands on `today`: what the treasurer looks for in the list. One in instalments
 * is overdue when an instalment is.
 */
export function invoiceState(invoice: Invoice, today: string): InvoiceState {
  if (invoice.cancelled) return 'cancelled'
  if (invoice.outstanding <= 0) return invoice.writtenOff > 0 ? 'writtenOff' : 'paid'
  return overdueOf(invoice, today) > 0 ? 'overdue' : 'owing'
}

/** "First reminder 2027-01-14; Second reminder 2027-01-28". */
export const stepsText = (steps: Invoice['steps']) =>
  steps.map(({ step, date }) => `${invoiceMessages.rentStep[step]} ${shortDate(date)}`).join('; ')

export const invoiceName = (number: number) => invoiceMessages.invoiceHeading(number)
