import { createHash } from 'node:crypto'
import { matchStatementLine } from '#shared/domain/rent'
import { readLines } from '#shared/domain/statement-lines'
import { invoiceSuggester } from '#shared/domain/statement-suggest'
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
import type { readStatementBytes } from '#server/features/rent/statement-files'
import { savedLayouts } from '#server/features/rent/statement-layouts'

// A bank statement, as banks export it, read and set against the invoices: each money-in line
// matched to the invoice whose reference it quotes, or else suggested the invoices its words and
// amount fit; lines recorded from an earlier statement are marked. Nothing is recorded here: the
// committee confirms. The form's `layout` field is a column mapping to read a CSV with; `choose`
// asks for the first rows to map even when the columns are known.

const asStatementInvoice = (invoice: Invoice): StatementInvoice => ({
  invoiceId: invoice.id,
  number: invoice.number,
  plotId: invoice.plotId,
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

/** An uploaded statement's lines, each with the invoice it pays or may pay; nothing stored. */
export async function checkStatement(db: Db, upload: Upload): Promise<StatementCheck> {
  if (upload.tooLarge) throw badRequest(rentMessages.statementTooLarge)
  if (!upload.file || upload.file.bytes.length === 0) throw badRequest(rentMessages.statementEmpty)
  const layout = chosenLayout(upload)
  const file = await readStatement([
    upload.file.bytes,
    await savedLayouts(db.kysely),
    { layout, choose: upload.fields['choose'] === '1' },
  ])
  if (file.kind === 'columns') return file
  const read = readLines(file.lines)
  if (read.length === 0) throw badRequest(rentMessages.statementEmpty)
  const invoices = await findInvoices(db.kysely)
  const byNumber = new Map(invoices.map((invoice) => [invoice.number, invoice]))
  const open = invoices
    .filter((invoice) => !invoice.cancelled && invoice.outstanding > 0)
    .map(asStatementInvoice)
  const suggest = invoiceSuggester(open)
  const lineIds = read.map((line) => lineIdOf(line.identity))
  const recorded = await recordedStatementLines(db.kysely, lineIds)
  const lines = read.map(({ identity: _, ...line }, index) => {
    const lineId = lineIds[index]!
    const base = { ...line, lineId, recorded: recorded.has(lineId), suggestions: [] }
    if (line.problem) return { ...base, match: null }
    const { invoice, problem } = matchStatementLine(line, byNumber)
    if (invoice) return { ...base, match: asStatementInvoice(invoice), problem: null }
    return { ...base, match: null, problem, suggestions: suggest(line) }
  })
  return { kind: 'lines', layout: file.layout, canMap: file.canMap, lines, openInvoices: open }
}
