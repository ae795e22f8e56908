// An invoice as it is shown wherever it appears: on the rent screens, in the invoice history of a
// person's or a plot's page, and in its PDF. Apart from the rent year's words (rent.ts) so that a
// person's or a plot's page carries only these.

export const invoiceMessages = {
  noInvoices: 'No invoices yet.',
  invoiceHeading: (number: number) => `Invoice ${number}`,
  invoiceFacts: {
    date: 'Date',
    due: 'Due by',
    plot: 'Plot',
    year: 'Rent year',
    reference: 'Quote',
    total: 'Total',
    paid: 'Paid',
    refunded: 'Refunded',
    writtenOff: 'Written off',
    outstanding: 'Still owed',
    credit: 'In credit',
  },
  rentStep: {
    first: 'First reminder',
    second: 'Second reminder',
    arrears: 'In arrears: ready to re-let',
  },
  entryKind: {
    payment: 'Payment',
    refund: 'Refund',
    writeoff: 'Written off',
    cancel: 'Cancelled',
    carry: 'Credit used on another invoice',
    credit: 'Paid from credit',
  },
  paymentMethod: { cash: 'Cash', cheque: 'Cheque', transfer: 'Bank transfer', card: 'Card' },
  // A notice of a rent rise (decision 62), on the rent settings and a person's page: the amounts
  // and the day as written (penceText, longDate), so that these words need neither.
  rateNoticesHeading: 'Notices of a rent rise',
  rateNotice: (plot: string, oldRent: string, newRent: string, from: string) =>
    `Rent of plot ${plot} to rise from ${oldRent} to ${newRent} from ${from}`,
  rateNoticeBy: (by: string) => `Raised by ${by}.`,
} as const
