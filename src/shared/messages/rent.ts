// The rent year (issue 16): the rent screens, the server's refusals, the texts of invoices and
// reminders, and a bank statement's problems (an invoice's own words are invoices.ts). Amounts
// reach these as text already (penceText); dates as ISO dates, which these write in words.

import { longDate } from '#shared/domain/dates'
import { counted } from '#shared/domain/text'

export const rentMessages = {
  rentYearStarted: (label: string) => `The rent year ${label} has already been started.`,
  rentYearCreated: (count: number, label: string) =>
    `Rent year ${label} started: ${rentMessages.invoiceCount(count)}.`,
  noPlotsToInvoice: 'No plot has a tenant, so there is nothing to invoice.',
  invoiceCancelled: 'This invoice was cancelled: nothing more can be recorded against it.',
  referenceRequired: 'Say why: a reference or a note.',
  noRentYear: 'No rent year has been started yet.',
  statementEmpty: 'The bank statement has no payments in it.',
  paymentsRecorded: (count: number) =>
    count === 1 ? 'One payment was recorded.' : `${count} payments were recorded.`,
  dateRangeInvalid: 'The first date must not be after the last.',
  nothingDueToday: 'Nothing is due today.',
  noArrears: 'No invoice is in arrears.',
  rentSettingsSaved: 'The rent settings were saved.',
  areaUnitHint: 'Plots’ areas are typed and shown in this unit, and the rate is per one of it.',
  bandFeesHint: 'A plot let as one of these pays its fee, whatever the charge above.',
  saveRentSettings: 'Save rent settings',
  // A site's own rates (issue 46, decision 48).
  siteRatesHeading: 'A site’s own rates',
  chooseSiteForRates: 'Choose a site above to charge its plots rates of its own.',
  siteRatesLegend: 'This site’s plots are charged',
  organisationRates: 'The organisation’s rates (above)',
  ownRates: 'Rates of its own',
  siteRatesSaved: (site: string) => `The rates of ${site} were saved.`,
  saveSiteRates: 'Save the site’s rates',
  reminderDaysOrder: 'The second reminder must come after the first, and arrears after the second.',
  // Rent screens (client).
  writeOffAllHint: 'Leave it empty to write off all still owed.',
  noLedgerEntries: 'Nothing recorded yet.',
  entryRecorded: (entry: string) => `${entry} recorded.`,
  noPaymentsChosen: 'Tick at least one payment.',
  // The server's refusals, the texts of invoices and reminders, and a bank statement's problems.
  amountWholePence: 'Amounts are whole pence: a positive whole number, at most 10,000,000.',
  invoiceMissing: (id: number | string) => `There is no invoice ${id}.`,
  creditTooLarge: (outstanding: string) =>
    `At most the ${outstanding} still owed can be paid from credit.`,
  carryTooLarge: (credit: string) => `At most the ${credit} in credit on this invoice can be used.`,
  inCredit: (credit: string) => `In credit: ${credit}, paid beyond what was asked.`,
  creditUsed: (used: string) => `${used} of the credit was used on invoices that owe.`,
  creditRefundTooLarge: (credit: string) => `At most the ${credit} in credit can be refunded.`,
  creditCarriedTo: (number: number) => `Credit used on invoice ${number}`,
  creditBroughtFrom: (number: number) => `Credit from invoice ${number}`,
  paymentShort: (short: string, outstanding: string) =>
    `${short} short of the ${outstanding} owed: the rest stays owing.`,
  paymentOver: (over: string) => `${over} more than owed: kept as the payer’s credit.`,
  refundTooLarge: (paid: string) =>
    `At most ${paid} has been paid on this invoice, so at most that can be refunded.`,
  writeOffTooLarge: (outstanding: string) =>
    `At most the ${outstanding} still owed can be written off.`,
  cancelAfterPayment:
    'Payments have been recorded on this invoice: refund them before cancelling it.',
  invoiceSettled: 'Nothing is owed on this invoice.',
  invoiceTooLarge: (plot: string, amount: string, most: string) =>
    `The invoice for plot ${plot} would charge ${amount}, more than the ${most} one amount may be. Check the plot's area and fee, and the rent settings.`,
  yearStartOutOfRange: (earliest: string, latest: string) =>
    `A rent year can start from ${longDate(earliest)} to ${longDate(latest)}: no more than a year before or after today.`,
  /** What starting a year sends at once, and when the first reminders may follow. */
  sendingNow: (sending: { emails: number; letters: number }, firstReminder: string) => {
    const parts = [
      sending.emails > 0 ? counted(sending.emails, 'e-mail', 'e-mails') : '',
      sending.letters > 0 ? counted(sending.letters, 'letter', 'letters') : '',
    ].filter(Boolean)
    return `${parts.join(' and ')} now; no reminders before ${longDate(firstReminder)}`
  },
  previewSending: (sendingNow: string) => `Starting the year sends ${sendingNow}.`,
  dueFromToday: (dueDate: string) =>
    `The start date has passed, so the invoices will be due on ${longDate(dueDate)}: the days to pay count from today.`,
  invoiceCount: (invoices: number) => counted(invoices, 'invoice', 'invoices'),
  confirmStart: (label: string, invoices: number) =>
    `Start the rent year ${label} and send ${rentMessages.invoiceCount(invoices)}?`,
  sendInvoices: (invoices: number) => `Send ${rentMessages.invoiceCount(invoices)}`,
  startNeedsConfirmation: 'Preview the rent year and confirm what it sends before starting it.',
  sendingChanged:
    'What starting the year would send has changed since the preview. Preview it again.',
  rentYearMissing: 'That rent year does not exist.',
  paymentMissing: 'There is no such payment.',
  paymentTiedAlready: 'That payment is already tied to a statement line.',
  lineRecordedAlready: 'That statement line is already recorded or tied to a payment.',
  statementLineRefused: (line: number, detail: string) => `Line ${line}: ${detail}`,
  requestReused: 'That request was already used for another entry. Reload the page and try again.',
  rentInvoicesBatch: (label: string) => `Rent invoices ${label}`,
  rentPayers: 'The payer of each occupied plot',
  rentRemindersBatch: (step: 'first' | 'second', label: string) =>
    `${step === 'first' ? 'First' : 'Second'} rent reminders ${label}`,
  rentInvoiceSubject: (number: number, plot: string, year: string) =>
    `Rent invoice ${number} for plot ${plot}, ${year}`,
  rentInvoiceText: (
    name: string,
    total: string,
    due: string,
    instructions: string,
    reference: string,
  ) =>
    `Dear ${name},\n\nYour rent invoice is attached: ${total} is due by ${longDate(due)}.\n\n${instructions}\nPlease quote ${reference} with your payment.\n`,
  rentReminderSubject: (step: 'first' | 'second', number: number) =>
    `${step === 'first' ? 'Reminder' : 'Second reminder'}: rent invoice ${number} is unpaid`,
  rentReminderText: (
    name: string,
    number: number,
    outstanding: string,
    due: string,
    instructions: string,
    reference: string,
  ) =>
    `Dear ${name},\n\nOur records show ${outstanding} still owed on rent invoice ${number}, which was due on ${longDate(due)}. If you have paid in the last few days, thank you, and please ignore this letter.\n\n${instructions}\nPlease quote ${reference} with your payment.\n`,
  oneStatementOnly: 'Send one bank statement at a time.',
  statementTooLarge: 'The bank statement is larger than 5 MB.',
  statementLineUnreadable: 'The date or the amount of this line cannot be read.',
  statementNoSuchDate: (date: string) => `There is no such date as ${date}.`,
  statementNotPayment: 'Money going out, not a payment.',
  statementNoInvoice: 'No invoice reference (such as INV-12) that we know.',
} as const
