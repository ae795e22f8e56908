import { isCalendarDay } from '#shared/domain/dates'
import { statementPence } from '#shared/domain/money'
import { statementDate } from '#shared/domain/statement-dates'
import type { StatementColumnsFound } from '#shared/domain/statement-layouts'
import { rentMessages } from '#shared/messages/rent'

// A statement's transactions, whatever file they came in, as one kind of line: its date and
// amount read (or why not), its words, and an identity that is the same in every statement the
// transaction appears in, so that a line imported twice is known.

/** A transaction as the file writes it. */
export interface WrittenLine {
  /** Its row in the file, or its place among the file's transactions. */
  line: number
  date: string
  amount: string
  reference: string
  balance?: string | undefined
  /** The bank's own id for it (OFX's FITID, Monzo's transaction id). */
  id?: string | undefined
}

export interface ReadLine {
  line: number
  /** ISO; empty when it cannot be read. */
  date: string
  /** Pence, money out below nought; 0 when it cannot be read. */
  amount: number
  reference: string
  problem: string | null
  identity: string
}

const MAX_REFERENCE = 200

function readOne(written: WrittenLine): Omit<ReadLine, 'identity'> {
  const amount = statementPence(written.amount)
  const iso = statementDate(written.date)
  const reference = written.reference.replace(/\s+/g, ' ').trim().slice(0, MAX_REFERENCE)
  const date = iso !== undefined && isCalendarDay(iso) ? iso : ''
  const problem =
    iso !== undefined && date === ''
      ? rentMessages.statementNoSuchDate(written.date.trim())
      : date === '' || amount === undefined
        ? rentMessages.statementLineUnreadable
        : null
  return { line: written.line, date, amount: amount ?? 0, reference, problem }
}

/**
 * The lines read, each with its identity: the bank's id when it gives one; else its date, amount,
 * words and the balance after it, and which of the lines alike in all those it is (two £45.00
 * payments from one payer on one day are two lines, in this statement and in the next).
 */
export function readLines(written: readonly WrittenLine[]): ReadLine[] {
  const seen = new Map<string, number>()
  return written.map((line) => {
    const read = readOne(line)
    if (line.id?.trim()) return { ...read, identity: `id|${line.id.trim()}` }
    const alike = [read.date, read.amount, read.reference, line.balance?.trim() ?? ''].join('|')
    const place = (seen.get(alike) ?? 0) + 1
    seen.set(alike, place)
    return { ...read, identity: `${alike}|${place}` }
  })
}

const blank = (cell: string | undefined) => (cell ?? '').trim() === ''

/**
 * A line's words from its columns or fields (payee, reference, memo): each once, without the
 * apostrophe a spreadsheet puts before text it must not read as a number.
 */
export const joinWords = (parts: readonly (string | undefined)[]) =>
  parts
    .map((part) => (part ?? '').trim().replace(/^'/, ''))
    .filter((words, at, all) => words !== '' && all.indexOf(words) === at)
    .join(' ')

/**
 * The transactions of a CSV's rows under the columns found: the rows after the headings, or with
 * no heading row the rows from the first whose date and amount can be read (banks put the
 * account's details above). Rows with neither a date nor money (a closing balance's words, a
 * blank line) are not transactions.
 */
export function linesOfRows(
  rows: readonly string[][],
  columns: StatementColumnsFound,
): WrittenLine[] {
  const money = (cells: readonly string[]) => {
    // Money in and out when the statement has them (Monzo has an amount too), else the amount.
    if (columns.moneyIn === undefined) return cells[columns.amount!] ?? ''
    const paidIn = cells[columns.moneyIn] ?? ''
    const paidOut = columns.moneyOut === undefined ? '' : (cells[columns.moneyOut] ?? '')
    if (blank(paidOut)) return paidIn
    if (blank(paidIn)) return `-${paidOut.trim().replace(/^[-(]+|\)$/g, '')}`
    // Both filled: the difference, which is not one written amount unless one of them is nought.
    const inPence = statementPence(paidIn)
    const outPence = statementPence(paidOut)
    if (inPence === undefined || outPence === undefined) return `${paidIn} ${paidOut}`
    return ((inPence - Math.abs(outPence)) / 100).toFixed(2)
  }
  const first =
    columns.headingRow !== null
      ? columns.headingRow + 1
      : rows.findIndex(
          (cells) =>
            statementDate(cells[columns.date] ?? '') !== undefined &&
            statementPence(money(cells)) !== undefined,
        )
  if (first === -1) return []
  return rows.slice(first).flatMap((cells, index) => {
    const amount = money(cells)
    const noMoney = blank(amount) || amount === '-'
    // A balance carried or closed: words where the date would be, and no money.
    if (noMoney && statementDate(cells[columns.date] ?? '') === undefined) return []
    return [
      {
        line: first + index + 1,
        date: cells[columns.date] ?? '',
        amount,
        reference: joinWords(columns.text.map((column) => cells[column])),
        balance: columns.balance === undefined ? undefined : cells[columns.balance],
        id: columns.id === undefined ? undefined : cells[columns.id],
      },
    ]
  })
}
