import { penceText } from '#shared/domain/money'
import { invoiceMessages } from '#shared/messages/invoices'

/** An invoice's balance in a list of invoices: what it still owes, or "In credit £7.00". */
export const balanceText = (outstanding: number) =>
  outstanding < 0
    ? `${invoiceMessages.invoiceFacts.credit} ${penceText(-outstanding)}`
    : penceText(outstanding)
