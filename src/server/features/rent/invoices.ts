import { creditOf } from '#shared/domain/rent'
import { rentMessages } from '#shared/messages/rent'
import type { Invoice, InvoiceDetail, MyRent } from '#shared/schemas/rent'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { requirePerson } from '#server/features/people/sql'
import { associationDetails } from '#server/core/db/association-settings'
import type { ReadTx } from '#server/core/db/write-transaction'
import { notFound } from '#server/core/errors'
import { EVERY_SITE, type SiteScope } from '#server/core/site-scope'
import type { Rent } from '#server/features/rent/context'
import { requirePlotsInScope } from '#server/features/rent/invoice-scope'
import { ledgerEntries } from '#server/features/rent/ledger-sql'
import { rentSettings } from '#server/features/rent/settings'
import { findInvoice, findInvoices, findYear, invoiceLinesOf } from '#server/features/rent/sql'

// One invoice as the committee reads it, and invoices as PDF. The PDF code (pdfkit) loads with
// the first PDF asked for, not with every start of the server.

/** The invoice, read by id: 404 if there is none, 403 if its site is outside the scope. */
export async function requireInvoice(tx: ReadTx, scope: SiteScope, id: number): Promise<Invoice> {
  const invoice = await findInvoice(tx, id)
  if (!invoice) throw notFound(rentMessages.invoiceMissing(id))
  await requirePlotsInScope(tx, scope, [invoice.plotId])
  return invoice
}

/** The invoice with its lines and every entry on it. */
export async function invoiceDetail(
  { db }: Pick<Rent, 'db'>,
  scope: SiteScope,
  id: number,
): Promise<InvoiceDetail> {
  const invoice = await requireInvoice(db.kysely, scope, id)
  const [lines, entries] = await Promise.all([
    invoiceLinesOf(db.kysely, id),
    ledgerEntries(db.kysely, [id]),
  ])
  return { ...invoice, lines, entries }
}

// What every invoice printed carries besides itself: the association's letterhead and how to pay.
async function letterheadAndInstructions({ db, config }: Pick<Rent, 'db' | 'config'>) {
  const [association, settings] = await Promise.all([
    associationDetails(db.kysely, config),
    rentSettings(db.kysely),
  ])
  return { association, instructions: settings.paymentInstructions }
}

/** One invoice's PDF (a download, an e-mail's attachment), with its file name. */
export async function invoiceAsPdf(
  rent: Pick<Rent, 'db' | 'config'>,
  scope: SiteScope,
  id: number,
  { payerAddress = true } = {},
) {
  const invoice = await requireInvoice(rent.db.kysely, scope, id)
  const { association, instructions } = await letterheadAndInstructions(rent)
  const { invoicePdf } = await import('#server/features/rent/invoice-pdf')
  return {
    fileName: `invoice-${invoice.number}.pdf`,
    bytes: await invoicePdf(rent.db, invoice, association, instructions, { payerAddress }),
  }
}

/** A member's own invoices (those they pay, and their plots'), and how to pay. */
export async function myRent({ db }: Pick<Rent, 'db'>, personId: string): Promise<MyRent> {
  const person = await requirePerson(db.kysely, personId)
  const [invoices, settings] = await Promise.all([
    findInvoices(db.kysely, { scope: EVERY_SITE, member: { personId, plots: person.plots } }),
    rentSettings(db.kysely),
  ])
  // Their credit is what they paid beyond their own invoices, not a co-tenant's.
  const credit = creditOf(invoices.filter((invoice) => invoice.payerId === personId))
  return {
    invoices: invoices.reverse(),
    credit,
    paymentInstructions: settings.paymentInstructions,
  }
}

/** One of the member's own invoices as a PDF; 404 for anyone else's, as for one that is not. */
export async function myInvoiceAsPdf(
  rent: Pick<Rent, 'db' | 'config'>,
  personId: string,
  id: number,
) {
  // The member's invoices by the one filter My rent lists them with, narrowed to this one.
  const person = await requirePerson(rent.db.kysely, personId)
  const member = { personId, plots: person.plots }
  const [mine] = await findInvoices(rent.db.kysely, { scope: EVERY_SITE, ids: [id], member })
  if (!mine) throw notFound(myAllotmentMessages.invoiceNotYours)
  // A co-tenant may see what the plot owes and who pays it, but the payer's postal address is
  // the payer's own: the co-tenant's copy has their name alone in the window.
  return invoiceAsPdf(rent, EVERY_SITE, id, { payerAddress: mine.payerId === personId })
}

/**
 * A year's invoices on the sites in scope as one streamed PDF (`onlyPost`: those sent by post),
 * with its file name.
 */
export async function yearAsPdf(
  rent: Pick<Rent, 'db' | 'config'>,
  scope: SiteScope,
  id: number,
  onlyPost: boolean,
) {
  const year = await findYear(rent.db.kysely, id)
  if (!year) throw notFound(rentMessages.rentYearMissing)
  const { association, instructions } = await letterheadAndInstructions(rent)
  const { yearInvoicesPdf } = await import('#server/features/rent/invoice-pdf')
  return {
    fileName: `invoices-${year.startDate}${onlyPost ? '-post' : ''}.pdf`,
    stream: yearInvoicesPdf(rent.db, scope, year, association, instructions, onlyPost),
  }
}
