import { createHash } from 'node:crypto'
import { matchStatementLine } from '#shared/domain/rent'
import { readLines, type WrittenLine } from '#shared/domain/statement-lines'
import { addDays } from '#shared/domain/rent'
import { invoiceSuggester, payerTextOf } from '#shared/domain/statement-suggest'
import { rentMessages } from '#shared/messages/rent'
import { statementMessages } from '#shared/messages/statement'
import {
  statementLayoutSchema,
  type Invoice,
  type StatementCheck,
  type StatementInvoice,
} from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import { badRequest } from '#server/core/errors'
import type { Upload } from '#server/core/http/read-upload'
import { offThread } from '#server/core/off-thread'
import { recordedStatementLines } from '#server/features/rent/ledger-sql'
import { findInvoices } from '#server/features/rent/sql'
import { EVERY_SITE } from '#server/core/site-scope'
import type { readStatementBytes } from '#server/features/rent/statement-files'
import { savedLayouts } from '#server/features/rent/statement-layouts'
import { payerRules, untiedPayments } from '#server/features/rent/statement-payers-sql'

// A bank statement, as banks export it, read and set against the invoices: each money-in line
// matched to the invoice whose reference it quotes, or else suggested the invoices its words and
// amount fit, their payer's first when the treasurer paid the same payer text to them before;
// lines recorded from an earlier statement, or tied to a payment recorded by hand, are marked, and
// a line that seems to be a payment recorded by hand is offered it to tie. Nothing is recorded: the
// committee confirms. The form's `layout` field is a column mapping to read a CSV with; `choose`
// asks for the first rows to map even when the columns are known.

const asStatementInvoice = (invoice: Invoice): StatementInvoice => ({
  invoiceId: invoice.id,
  number: invoice.number,
  plotId: invoice.plotId,
  plotName: invoice.plotName,
  siteId: invoice.siteId,
  payerName: invoice.payerName,
  outstanding: invoice.outstanding,
})

// The file is read in a worker thread (core/off-thread.ts): 5 MB of CSV, OFX or QIF is a second's
// work, which would hold up every other request.
const readStatement = offThread<typeof readStatementBytes>(
  new URL('./statement-files.ts', import.meta.url),
  'readStatementBytes',
  { timeLimitMs: 60_000, tooLong: statementMessages.tooLongToRead },
)

// A line's identity holds its words; what is kept, and sent back, is a hash of it.
const lineIdOf = (identity: string) => createHash('sha256').update(identity).digest('hex')

function chosenLayout(upload: Upload) {
  if (upload.fields['layout'] === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(upload.fields['layout'])
  } catch {
    throw badRequest(statementMessages.layoutUnreadable)
  }
  const parsed = statementLayoutSchema.safeParse(json)
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message)
  return parsed.data
}

/** An uploaded statement read: its transactions, or the rows to map when its columns are unknown. */
export async function readUploadedStatement(db: Db, upload: Upload) {
  if (upload.tooLarge) throw badRequest(rentMessages.statementTooLarge)
  if (!upload.file || upload.file.bytes.length === 0) throw badRequest(rentMessages.statementEmpty)
  const layout = chosenLayout(upload)
  return readStatement([
    upload.file.bytes,
    await savedLayouts(db.kysely),
    { layout, choose: upload.fields['choose'] === '1' },
  ])
}

/** A statement's transactions read, each with the identity it has in every statement. */
export function identifiedLines(written: readonly WrittenLine[]) {
  const read = readLines(written)
  if (read.length === 0) throw badRequest(rentMessages.statementEmpty)
  return { read, lineIds: read.map((line) => lineIdOf(line.identity)) }
}

/** An uploaded statement's lines, each with the invoice it pays or may pay; nothing stored. */
export async function checkStatement(db: Db, upload: Upload): Promise<StatementCheck> {
  const file = await readUploadedStatement(db, upload)
  if (file.kind === 'columns') return file
  const { read, lineIds } = identifiedLines(file.lines)
  const invoices = await findInvoices(db.kysely, { scope: EVERY_SITE })
  const byNumber = new Map(invoices.map((invoice) => [invoice.number, invoice]))
  const owing = invoices.filter((invoice) => !invoice.cancelled && invoice.outstanding > 0)
  const open = owing.map(asStatementInvoice)
  const suggest = invoiceSuggester(open)
  const texts = read.map((line) => payerTextOf(line.reference))
  const [recorded, rules, byHand] = await Promise.all([
    recordedStatementLines(db.kysely, lineIds),
    payerRules(db.kysely, texts),
    handPayments(db, read),
  ])
  // The oldest invoice each payer still owes on: where a remembered payer's payment goes. The
  // same object the suggester holds, so that its own suggestion of it is known and not repeated.
  const owedBy = new Map<string, StatementInvoice>()
  owing.forEach((invoice, index) => {
    if (!owedBy.has(invoice.payerId)) owedBy.set(invoice.payerId, open[index]!)
  })
  const lines = read.map(({ identity: _, ...line }, index) => {
    const lineId = lineIds[index]!
    const done = recorded.has(lineId)
    const base = { ...line, lineId, recorded: done, suggestions: [], byHand: null }
    if (line.problem) return { ...base, match: null }
    const tie = done ? null : byHand(line)
    const { invoice, problem } = matchStatementLine(line, byNumber)
    if (invoice) return { ...base, byHand: tie, match: asStatementInvoice(invoice), problem: null }
    const person = rules.get(texts[index]!)
    const remembered = person === undefined ? undefined : owedBy.get(person)
    const suggestions = suggest(line).filter(
      (parts) => parts.length > 1 || parts[0]!.invoice !== remembered,
    )
    return {
      ...base,
      byHand: tie,
      match: null,
      problem,
      suggestions: remembered
        ? [[{ invoice: remembered, amount: line.amount }], ...suggestions]
        : suggestions,
    }
  })
  return { kind: 'lines', layout: file.layout, canMap: file.canMap, lines, openInvoices: open }
}

// A payment recorded by hand that a line may be: one tied to no line, of the line's amount, dated
// within a month of the line's date, whose invoice the line names (by reference, plot or payer)
// best (C Ward's £22.50 was offered another Ward's £47.45 paid at the gate); the payments of
// the statement's dates are read once, and set against each line as invoices are.
async function handPayments(db: Db, lines: ReadonlyArray<{ date: string; amount: number }>) {
  const dates = lines.flatMap((line) => (line.date && line.amount > 0 ? [line.date] : []))
  if (dates.length === 0) return () => null
  const from = addDays(
    dates.reduce((a, b) => (a < b ? a : b)),
    -31,
  )
  const to = addDays(
    dates.reduce((a, b) => (a > b ? a : b)),
    31,
  )
  const payments = await untiedPayments(db.kysely, from, to)
  if (payments.length === 0) return () => null
  const known = payments.map((payment) => ({
    ...payment,
    outstanding: Number(payment.amount),
    cancelled: false,
  }))
  const suggestPayment = invoiceSuggester(known)
  const byNumber = new Map(known.map((payment) => [payment.number, payment]))
  const near = (a: string, b: string) => addDays(a, 31) >= b && addDays(b, 31) >= a
  return (line: { date: string; amount: number; reference: string }) => {
    const quoted = matchStatementLine(line, byNumber).invoice
    const named = quoted ? [quoted] : suggestPayment(line).map((parts) => parts[0]!.invoice)
    const found = named.find(
      (payment) => payment.outstanding === line.amount && near(payment.date, line.date),
    )
    return found
      ? {
          entryId: found.entryId,
          invoiceId: found.invoiceId,
          number: found.number,
          date: found.date,
          amount: found.outstanding,
        }
      : null
  }
}
