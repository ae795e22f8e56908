import type { SheetRow, SheetTable } from '#shared/domain/import-rows'
import { importMessages } from '#shared/messages/import'
import { IMPORT_MAX_ROWS } from '#shared/schemas/spreadsheet-import'
import { badRequest } from '#server/core/errors'

// A sheet's rows as they are read, one at a time: the first row that is not empty holds the
// headings, the rest are rows numbered as the spreadsheet numbers them. One row past the limit
// is refused at once, so that the rest of a file of a million rows is never read.

export interface Spreadsheet {
  /** A workbook's sheets, in its order; none for CSV. */
  sheets: string[]
  /** The sheet read ('' for CSV). */
  sheet: string
  table: SheetTable
}

/** A, B, ... Z, AA: how spreadsheets name column `index` (from 0). */
export function columnLetter(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  }
  return name
}

/** Refuses a cell that holds a formula: its stored result may be stale or absent, and a CSV
 * cell starting with "=" is what a spreadsheet program would run. */
export function refuseFormula(row: number, column: number): never {
  throw badRequest(importMessages.spreadsheetFormula(row, columnLetter(column)))
}

const isEmpty = (cells: string[]) => cells.every((cell) => !cell.trim())

// Longer than any field takes (the longest is 5,000 characters): a longer cell is cut here, in
// the reader's thread, and still refused as too long by its field, so that a file of one 8 MB
// cell does not send 8 MB through the check's plan and answer on the thread serving requests.
const MAX_CELL = 10_000
const cut = (cell: string) => (cell.length > MAX_CELL ? cell.slice(0, MAX_CELL) : cell)

// A blank heading is named by its letter and a repeated one numbered, so that every column can
// be chosen by name.
function headings(cells: string[]): string[] {
  const seen = new Map<string, number>()
  return cells.map((cell, index) => {
    const heading = cell.trim() || `Column ${columnLetter(index)}`
    const count = (seen.get(heading) ?? 0) + 1
    seen.set(heading, count)
    return count > 1 ? `${heading} (${count})` : heading
  })
}

export class SheetTableBuilder {
  private columns: string[] | undefined
  private readonly rows: SheetRow[] = []

  /** Row `row` (numbered from 1) of the sheet; rows may be skipped, never repeated. */
  add(row: number, cells: string[]): void {
    if (isEmpty(cells)) return
    if (!this.columns) {
      this.columns = headings(cells)
      return
    }
    if (this.rows.length === IMPORT_MAX_ROWS) {
      throw badRequest(importMessages.spreadsheetTooManyRows(IMPORT_MAX_ROWS))
    }
    this.rows.push({ row, cells: cells.map(cut) })
  }

  table(): SheetTable {
    if (!this.columns || this.rows.length === 0) throw badRequest(importMessages.spreadsheetEmpty)
    return { columns: this.columns, rows: this.rows }
  }
}
