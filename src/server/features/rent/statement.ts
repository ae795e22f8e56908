import Papa from 'papaparse'
import { statementPence } from '#shared/domain/money'
import { matchStatementLine } from '#shared/domain/rent'
import { rentMessages } from '#shared/messages/rent'
import { isoDate } from '#shared/schemas/person'
import type { StatementLine } from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import { badRequest } from '#server/core/errors'
import { decodeText } from '#server/core/http/decode-text'
import type { Upload } from '#server/core/http/read-upload'
import { findInvoices } from '#server/features/rent/sql'

// A bank statement as CSV, as banks export it: a heading row and a line per transaction. The
// columns are found by their headings (any others are ignored); each money-in line is matched to
// the invoice whose reference it quotes. Nothing is recorded here: the committee confirms.

const HEADINGS = {
  date: ['date', 'transaction date', 'posting date', 'value date'],
  amount: ['amount', 'credit', 'paid in', 'money in', 'credit amount', 'in'],
  reference: [
    'reference',
    'description',
    'details',
    'memo',
    'narrative',
    'transaction description',
    'payee',
  ],
}

const MAX_LINES = 10_000

function columnOf(headings: string[], names: readonly string[]): number {
  return headings.findIndex((heading) => names.includes(heading.trim().toLowerCase()))
}

// 2026-10-03, 03/10/2026 and 03-10-2026 (banks in the UK write the day first). Written like a
// date but not one on the calendar (31/02/2026, 2026-13-01) is said so, not moved to another day.
function readDate(text: string): { date: string } | { problem: string } {
  const trimmed = text.trim()
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed)
  const date = dayFirst
    ? `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
      ? trimmed
      : undefined
  if (date === undefined) return { problem: rentMessages.statementLineUnreadable }
  return isoDate.safeParse(date).success
    ? { date }
    : { problem: rentMessages.statementNoSuchDate(trimmed) }
}

/** An uploaded statement's lines, each with the invoice it pays or why none; nothing stored. */
export async function checkStatement(db: Db, upload: Upload): Promise<StatementLine[]> {
  if (upload.tooLarge) throw badRequest(rentMessages.statementTooLarge)
  if (!upload.file) throw badRequest(rentMessages.statementEmpty)
  const text = decodeText(upload.file.bytes)
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data
  const [headings = [], ...lines] = rows
  const columns = {
    date: columnOf(headings, HEADINGS.date),
    amount: columnOf(headings, HEADINGS.amount),
    reference: columnOf(headings, HEADINGS.reference),
  }
  if (Object.values(columns).some((index) => index === -1))
    throw badRequest(rentMessages.statementNoColumns)
  if (lines.length === 0 || lines.length > MAX_LINES) throw badRequest(rentMessages.statementEmpty)
  const invoices = await findInvoices(db.kysely)
  const byNumber = new Map(invoices.map((invoice) => [invoice.number, invoice]))
  return lines.map((cells, index) => {
    const line = index + 2
    const amount = statementPence(cells[columns.amount] ?? '')
    const read = readDate(cells[columns.date] ?? '')
    const reference = (cells[columns.reference] ?? '').trim().slice(0, 200)
    if (amount === undefined || 'problem' in read)
      return {
        line,
        date: 'date' in read ? read.date : '',
        amount: amount ?? 0,
        reference,
        match: null,
        problem: 'problem' in read ? read.problem : rentMessages.statementLineUnreadable,
      }
    const { date } = read
    const { invoice, problem } = matchStatementLine({ amount, reference }, byNumber)
    return {
      line,
      date,
      amount,
      reference,
      match: invoice && {
        invoiceId: invoice.id,
        number: invoice.number,
        plotId: invoice.plotId,
        payerName: invoice.payerName,
        outstanding: invoice.outstanding,
      },
      problem,
    }
  })
}
