import { commonMessages } from '#shared/messages/common'
import { badRequest } from '#server/core/errors'

// A CSV file read in one pass over its characters, row by row, as papaparse read it before: the
// same fields for the same text, its separator and line ending guessed from the first rows the
// same way, a quote that does not end its quoted field kept in it, a quoted field never closed
// running to the end of the file. Papaparse's own reader looked past each such quote for spaces
// up to the next separator again for every quote (a field of 2,000 quotes before 3 MB of spaces
// took the square of that), and split the whole text into lines once for each separator it
// tried.

export interface CsvDialect {
  delimiter: string
  newline: '\n' | '\r\n' | '\r'
}

const QUOTE = '"'
/**
 * More cells in a row than any register or statement has: refused as the row grows, so that a
 * file of one row of millions of empty cells (20 MB of commas) is not gathered, cell by cell, into
 * an array the size of the file (seconds of a busy processor, for nothing).
 */
export const MAX_CSV_CELLS = 1000
const DELIMITERS = [',', '\t', '|', ';', '\u001e', '\u001f']
/** How much of the file the separator and the line ending are guessed from. */
const GUESS_FROM = 1024 * 1024
const GUESS_ROWS = 10

const isSpace = (char: string) => /\s/.test(char)
const unquoted = (field: string) => field.replaceAll('""', '"')

/**
 * Calls `row` with each row's cells, in order, until it returns true (stop). The rows are those
 * papaparse gives: a line ending at the very end makes a last row of one empty cell.
 */
export function eachCsvRow(
  text: string,
  { delimiter, newline }: CsvDialect,
  row: (cells: string[]) => boolean | void,
): void {
  const length = text.length
  let cursor = 0
  let cells: string[] = []
  // Where the next separator and line ending are, looked for again only once passed.
  let nextDelimiter = text.indexOf(delimiter)
  let nextNewline = text.indexOf(newline)
  const addCell = (field: string) => {
    if (cells.length === MAX_CSV_CELLS) throw badRequest(commonMessages.tooManyCells(MAX_CSV_CELLS))
    cells.push(field)
  }
  const endRow = (field: string) => {
    addCell(field)
    const stop = row(cells) === true
    cells = []
    return stop
  }
  if (length === 0) return
  for (;;) {
    if (nextDelimiter !== -1 && nextDelimiter < cursor)
      nextDelimiter = text.indexOf(delimiter, cursor)
    if (nextNewline !== -1 && nextNewline < cursor) nextNewline = text.indexOf(newline, cursor)
    if (text[cursor] === QUOTE) {
      const field = quotedField(text, cursor, delimiter, newline)
      if (field.end === 'file') return void endRow(field.value)
      cursor = field.next
      if (field.end === 'delimiter') addCell(field.value)
      else if (endRow(field.value)) return
    } else if (nextDelimiter !== -1 && (nextNewline === -1 || nextDelimiter < nextNewline)) {
      addCell(text.slice(cursor, nextDelimiter))
      cursor = nextDelimiter + delimiter.length
    } else if (nextNewline !== -1) {
      if (endRow(text.slice(cursor, nextNewline))) return
      cursor = nextNewline + newline.length
    } else return void endRow(text.slice(cursor))
    // A separator or a line ending at the very end: one more (empty) field.
    if (cursor >= length) return void endRow('')
  }
}

// A quoted field from its opening quote: closed by a quote followed (after any spaces) by the
// separator, the line ending or the end of the file; a doubled quote is one quote of the field.
// Any other quote is part of the field. Each character is looked at once: the spaces after a
// quote end at the next quote at the latest.
function quotedField(text: string, open: number, delimiter: string, newline: string) {
  const length = text.length
  for (let quote = text.indexOf(QUOTE, open + 1); ; quote = text.indexOf(QUOTE, quote + 1)) {
    if (quote === -1) return { value: text.slice(open + 1), end: 'file' as const, next: length }
    let end: 'file' | 'delimiter' | 'newline' | undefined
    let next = length
    if (quote === length - 1) end = 'file'
    else if (text[quote + 1] === QUOTE) {
      quote++
      continue
    } else {
      let after = quote + 1
      while (
        after < length &&
        !text.startsWith(delimiter, after) &&
        !text.startsWith(newline, after) &&
        isSpace(text[after]!)
      )
        after++
      if (text.startsWith(delimiter, after)) [end, next] = ['delimiter', after + delimiter.length]
      else if (text.startsWith(newline, after)) [end, next] = ['newline', after + newline.length]
    }
    if (end) return { value: unquoted(text.slice(open + 1, quote)), end, next }
  }
}

// A file's first rows, to guess from.
function firstRows(text: string, dialect: CsvDialect): string[][] {
  const rows: string[][] = []
  eachCsvRow(text, dialect, (cells) => rows.push(cells) >= GUESS_ROWS)
  return rows
}

// The line ending most lines of the first megabyte end with, quoted fields left out.
function guessNewline(sample: string): CsvDialect['newline'] {
  let outside = ''
  for (let at = 0; at < sample.length;) {
    const open = sample.indexOf(QUOTE, at)
    const close = open === -1 ? -1 : sample.indexOf(QUOTE, open + 1)
    if (close === -1) {
      outside += sample.slice(at)
      break
    }
    outside += sample.slice(at, open)
    at = close + 1
  }
  const firstReturn = outside.indexOf('\r')
  const firstLineFeed = outside.indexOf('\n')
  if (firstReturn === -1 || (firstLineFeed !== -1 && firstLineFeed < firstReturn)) return '\n'
  const returns = outside.split('\r').length - 1
  const withLineFeed = outside.split('\r\n').length - 1
  return withLineFeed >= (returns + 1) / 2 ? '\r\n' : '\r'
}

/**
 * The separator and line ending of a CSV file, guessed from its first rows as papaparse guesses
 * them: the separator giving the most even count of fields, at least two (a comma if none does).
 * `skipBlankRows`: rows of nothing but spaces are left out of the count.
 */
export function guessCsvDialect(text: string, skipBlankRows = false): CsvDialect {
  const sample = text.slice(0, GUESS_FROM)
  const newline = guessNewline(sample)
  let best: { delimiter: string; delta: number; fields: number } | undefined
  for (const delimiter of DELIMITERS) {
    const rows = firstRows(sample, { delimiter, newline })
    const counted = rows.filter((cells) => !(skipBlankRows && isBlankCsvRow(cells)))
    let delta = 0
    let previous: number | undefined
    for (const { length } of counted) {
      if (previous !== undefined && length > 0) delta += Math.abs(length - previous)
      previous = length
    }
    const fields = counted.reduce((sum, { length }) => sum + length, 0) / counted.length
    if (
      fields > 1.99 &&
      (!best || delta < best.delta || (delta === best.delta && fields > best.fields))
    )
      best = { delimiter, delta, fields }
  }
  return { delimiter: best?.delimiter ?? ',', newline }
}

/** Whether a row holds nothing but spaces. */
export const isBlankCsvRow = (cells: readonly string[]) => cells.join('').trim() === ''
