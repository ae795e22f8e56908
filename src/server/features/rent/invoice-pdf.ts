import { longDate } from '#shared/domain/dates'
import { waysOf } from '#shared/domain/message-copies'
import { penceText } from '#shared/domain/money'
import { invoiceReference } from '#shared/domain/rent'
import { settleInstalments } from '#shared/domain/instalments'
import { instalmentMessages } from '#shared/messages/instalments'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentMessages } from '#shared/messages/rent'
import type { Invoice } from '#shared/schemas/rent'
import type { AssociationDetails } from '#server/core/db/association-settings'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { LEFT, letterhead, MM, newPdf, pdfBytes, WIDTH } from '#server/core/pdf'
import { listPeople } from '#server/features/people/sql'
import { findInvoices, linesOfInvoices, payerAddresses } from '#server/features/rent/sql'
import { EVERY_SITE, type SiteScope } from '#server/core/site-scope'

// Invoices as PDF (pdfkit, core/pdf.ts): a page each, the payer's name and address in the
// envelope's window, so one PDF serves as the e-mail's attachment and as the letter to post.
// A year's invoices are streamed a part at a time: 2,000 never sit in memory at once.

const PART = 200
const AMOUNT_X = LEFT + 120 * MM
const AMOUNT_WIDTH = 50 * MM

interface PrintedInvoice {
  invoice: Invoice
  address: string
  lines: Array<{ description: string; amount: number }>
}

function row(doc: PDFKit.PDFDocument, label: string, amount: number, bold = false) {
  const y = doc.y
  doc.font(bold ? 'bold' : 'regular').fontSize(11)
  doc.text(label, LEFT, y, { width: 115 * MM })
  const after = doc.y
  doc.text(penceText(amount), AMOUNT_X, y, { width: AMOUNT_WIDTH, align: 'right' })
  doc.y = Math.max(after, doc.y) + 2
}

function writeInvoice(
  doc: PDFKit.PDFDocument,
  { invoice, address, lines }: PrintedInvoice,
  association: AssociationDetails,
  instructions: string,
) {
  doc.addPage()
  letterhead(doc, association, `${invoice.payerName}\n${address}`.trim())
  const facts = [
    `${invoiceMessages.invoiceHeading(invoice.number)}`,
    `${invoiceMessages.invoiceFacts.date}: ${longDate(invoice.issuedOn)}`,
    `${invoiceMessages.invoiceFacts.due}: ${longDate(invoice.dueDate)}`,
    `${invoiceMessages.invoiceFacts.plot}: ${invoice.plotName}`,
    `${invoiceMessages.invoiceFacts.year}: ${invoice.yearLabel}`,
    `${invoiceMessages.invoiceFacts.reference}: ${invoiceReference(invoice.number)}`,
  ]
  doc
    .font('regular')
    .fontSize(10)
    .text(facts.join('\n'), LEFT + 110 * MM, 50 * MM, { width: 60 * MM })
  doc.y = 100 * MM
  for (const line of lines) row(doc, line.description, line.amount)
  row(doc, invoiceMessages.invoiceFacts.total, invoice.amount, true)
  const { paid, refunded, writtenOff, carried, paidFromCredit, cancelled } = invoice
  if (paid || refunded || writtenOff || carried || paidFromCredit || cancelled) {
    doc.moveDown(0.5)
    if (paid) row(doc, invoiceMessages.invoiceFacts.paid, -paid)
    // Credit brought from another invoice pays this one as a payment would (decision 33).
    if (paidFromCredit) row(doc, invoiceMessages.entryKind.credit, -paidFromCredit)
    if (refunded) row(doc, invoiceMessages.invoiceFacts.refunded, refunded)
    if (carried) row(doc, invoiceMessages.entryKind.carry, carried)
    if (writtenOff) row(doc, invoiceMessages.invoiceFacts.writtenOff, -writtenOff)
    row(
      doc,
      cancelled
        ? invoiceMessages.entryKind.cancel
        : invoice.outstanding < 0
          ? invoiceMessages.invoiceFacts.credit
          : invoiceMessages.invoiceFacts.outstanding,
      Math.abs(invoice.outstanding),
      true,
    )
  }
  if (invoice.split && !cancelled) {
    // The instalments (decision 60), each paid or not by what the invoice was paid since.
    doc.moveDown(1).font('bold').fontSize(11).text(instalmentMessages.heading, LEFT, doc.y)
    doc.moveDown(0.3)
    for (const instalment of settleInstalments(invoice.split, invoice, ''))
      row(doc, instalmentMessages.pdfLine(instalment), instalment.amount)
  }
  if (instructions)
    doc.moveDown(1.5).font('regular').fontSize(10).text(instructions, LEFT, doc.y, { width: WIDTH })
}

async function printed(tx: ReadTx, invoices: Invoice[]): Promise<PrintedInvoice[]> {
  if (invoices.length === 0) return []
  const ids = invoices.map((invoice) => invoice.id)
  const [lines, address] = await Promise.all([linesOfInvoices(tx, ids), payerAddresses(tx, ids)])
  return invoices.map((invoice) => ({
    invoice,
    address: address.get(invoice.id) ?? '',
    lines: lines.filter((line) => line.invoiceId === invoice.id),
  }))
}

const documentFor = (title: string, association: AssociationDetails) =>
  newPdf({ title, producer: association.name, margin: 20 * MM })

/**
 * One invoice's PDF, as bytes (an e-mail's attachment, a download); without `payerAddress`, the
 * payer's name alone in the window (a co-tenant's copy).
 */
export async function invoicePdf(
  db: Db,
  invoice: Invoice,
  association: AssociationDetails,
  instructions: string,
  { payerAddress = true } = {},
) {
  const [one] = await printed(db.kysely, [invoice])
  const doc = documentFor(invoiceMessages.invoiceHeading(invoice.number), association)
  writeInvoice(doc, payerAddress ? one! : { ...one!, address: '' }, association, instructions)
  return pdfBytes(doc)
}

/**
 * The invoices of a year on the sites in scope as one PDF stream; `onlyPost`: those whose payer
 * gets post.
 */
export function yearInvoicesPdf(
  db: Db,
  scope: SiteScope,
  year: { id: number; label: string },
  association: AssociationDetails,
  instructions: string,
  onlyPost: boolean,
) {
  const doc = documentFor(rentMessages.rentInvoicesBatch(year.label), association)
  void (async () => {
    try {
      const all = await findInvoices(db.kysely, { scope, yearId: year.id })
      const wanted = onlyPost ? await postPayers(db.kysely) : undefined
      const invoices = wanted ? all.filter((invoice) => wanted.has(invoice.payerId)) : all
      for (let start = 0; start < invoices.length; start += PART) {
        for (const invoice of await printed(db.kysely, invoices.slice(start, start + PART)))
          writeInvoice(doc, invoice, association, instructions)
        await new Promise(setImmediate)
      }
      if (invoices.length === 0) doc.addPage().font('regular').text(invoiceMessages.noInvoices)
      doc.end()
    } catch (error) {
      doc.destroy(error as Error)
    }
  })()
  return doc
}

// The people who get post: by their choice, or for want of an e-mail address.
async function postPayers(tx: ReadTx): Promise<Set<string>> {
  const people = await listPeople(tx, EVERY_SITE)
  return new Set(people.filter((person) => waysOf(person).includes('post')).map((p) => p.id))
}
