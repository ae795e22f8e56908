import { joinWords, linesOfRows, type WrittenLine } from '#shared/domain/statement-lines'
import { columnsOf, recogniseColumns } from '#shared/domain/statement-layouts'
import { statementMessages } from '#shared/messages/statement'
import type { StatementLayout } from '#shared/schemas/rent'
import { badRequest } from '#server/core/errors'
import { decodeText } from '#server/core/http/decode-text'
import { eachCsvRow, guessCsvDialect, isBlankCsvRow } from '#server/core/http/read-csv'
import { ofxTransactions } from '#server/features/rent/ofx'

// A statement file as banks export it, read into its transactions: OFX (1.x SGML or 2.x XML),
// QIF, Santander's text export, or CSV in any of the layouts statement-layouts.ts knows. A CSV
// whose columns we cannot tell is answered with its first rows, for the committee to map.

export type StatementFile =
  | { kind: 'lines'; layout: string | null; canMap: boolean; lines: WrittenLine[] }
  | { kind: 'columns'; preview: string[][]; columnCount: number }

const MAX_STATEMENT_LINES = 10_000
const PREVIEW_ROWS = 8
const PREVIEW_CELL = 60

function atMost<T>(lines: T[]): T[] {
  if (lines.length > MAX_STATEMENT_LINES)
    throw badRequest(statementMessages.tooManyLines(MAX_STATEMENT_LINES))
  return lines
}

function readOfx(text: string): WrittenLine[] {
  return atMost(ofxTransactions(text)).map((transaction, index) => {
    const field = (name: string) => transaction[name] ?? ''
    return {
      line: index + 1,
      date: field('DTPOSTED'),
      amount: field('TRNAMT'),
      reference: joinWords([field('NAME'), field('MEMO')]),
      id: field('FITID'),
    }
  })
}

// QIF: a field to a line, its letter first (D the date, T or U the amount, P the payee, M the
// memo), and ^ ending each transaction.
function readQif(text: string): WrittenLine[] {
  const lines: WrittenLine[] = []
  let fields = new Map<string, string>()
  for (const row of text.split(/\r?\n/)) {
    const code = row[0]
    if (code === '^') {
      if (fields.size > 0)
        lines.push({
          line: lines.length + 1,
          date: fields.get('D') ?? '',
          amount: fields.get('T') ?? fields.get('U') ?? '',
          reference: joinWords([fields.get('P'), fields.get('M')]),
        })
      fields = new Map()
    } else if (code && code !== '!' && !fields.has(code)) fields.set(code, row.slice(1).trim())
  }
  return atMost(lines)
}

// Santander's "text" export: a block to a transaction of Date:, Description:, Amount: and
// Balance: lines (its spaces often non-breaking), after lines about the account. A block starts
// at a Date: line (indented by spaces or tabs only), and each field is the first of its name in
// the block. One pass over the lines: a pattern whose leading space could run on across lines
// tried again from every line was quadratic (60 kB of blank lines took 14 s).
const SANTANDER_FIELD = /^([^\S\n\r\u2028\u2029]*)(Date|Description|Amount|Balance):(.*)$/gm

function readSantander(text: string): WrittenLine[] {
  const blocks: Map<string, string>[] = []
  for (const [, indent, name, value] of text.replace(/\u00a0/g, ' ').matchAll(SANTANDER_FIELD)) {
    if (name === 'Date' && /^[ \t]*$/.test(indent!)) atMost(blocks).push(new Map())
    const block = blocks.at(-1)
    if (block && !block.has(name!)) block.set(name!, value!)
  }
  return atMost(blocks).map((block, index) => ({
    line: index + 1,
    date: block.get('Date') ?? '',
    amount: block.get('Amount') ?? '',
    reference: block.get('Description') ?? '',
    balance: block.get('Balance') ?? '',
  }))
}

/** How to read a CSV: with the committee's mapping, or (to map it again) not at all. */
export interface CsvReading {
  layout?: StatementLayout | undefined
  choose?: boolean
}

function readCsv(
  text: string,
  saved: readonly StatementLayout[],
  reading: CsvReading,
): StatementFile {
  const rows: string[][] = []
  let read = 0
  eachCsvRow(text, guessCsvDialect(text, true), (cells) => {
    if (++read > MAX_STATEMENT_LINES + 50)
      throw badRequest(statementMessages.tooManyLines(MAX_STATEMENT_LINES))
    if (!isBlankCsvRow(cells)) rows.push(cells)
  })
  const columns = reading.choose
    ? undefined
    : reading.layout
      ? columnsOf(reading.layout)
      : recogniseColumns(rows, saved)
  const columnCount = rows.reduce((widest, cells) => Math.max(widest, cells.length), 0)
  if (columns)
    return {
      kind: 'lines',
      layout: columns.name,
      canMap: true,
      lines: atMost(linesOfRows(rows, columns)),
    }
  if (columnCount < 2) throw badRequest(statementMessages.notAStatement)
  return {
    kind: 'columns',
    preview: rows
      .slice(0, PREVIEW_ROWS)
      .map((cells) => cells.map((cell) => cell.trim().slice(0, PREVIEW_CELL))),
    columnCount,
  }
}

/** The transactions of a statement's text, or the rows to map when its columns are unknown. */
export function readStatementFile(
  text: string,
  saved: readonly StatementLayout[],
  reading: CsvReading = {},
): StatementFile {
  const start = text.slice(0, 2_000).trimStart()
  if (/^OFXHEADER|<OFX>/i.test(start))
    return { kind: 'lines', layout: 'OFX', canMap: false, lines: readOfx(text) }
  if (/^!(Type|Account|Option)/i.test(start))
    return { kind: 'lines', layout: 'QIF', canMap: false, lines: readQif(text) }
  if (/^From:[^\n]*\n(?:[^\n]*\n)*?[ \t]*Date:/i.test(start.replace(/\u00a0/g, ' ')))
    return { kind: 'lines', layout: 'Santander', canMap: false, lines: readSantander(text) }
  return readCsv(text, saved, reading)
}

/** A statement file's bytes read, in the worker thread that reads statements (statement.ts). */
export function readStatementBytes(
  bytes: Uint8Array,
  saved: readonly StatementLayout[],
  reading: CsvReading,
): StatementFile {
  return readStatementFile(decodeText(bytes, statementMessages.notAStatement), saved, reading)
}
