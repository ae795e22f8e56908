import { columnLetter, tablesOf, type SheetRow, type SheetTable } from '#shared/domain/sheet-layout'
import { importMessages } from '#shared/messages/import'
import { IMPORT_MAX_ROWS } from '#shared/schemas/spreadsheet-import'
import { badRequest } from '#server/core/errors'

// A sheet's rows as they are read, one at a time, and then its tables (sheet-layout.ts): the
// rows with values, numbered as the spreadsheet numbers them. One row past the limit is refused at
// once, so that the rest of a file of a million rows is never read.

export interface Spreadsheet {
  /** A workbook's sheets, in its order; none for CSV. */
  sheets: string[]
  /** The sheet read ('' for CSV). */
  sheet: string
  /** Its tables, in its order: at least one, with rows. */
  tables: SheetTable[]
}

/** A table's headings row as the secretary chose it, by the table's place; undefined: found. */
export type ChosenHeadings = ReadonlyArray<number | undefined>

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

// The rows a sheet may have with values: the row limit, and one of headings.
const MAX_FILLED_ROWS = IMPORT_MAX_ROWS + 1

export class SheetTableBuilder {
  private readonly rows: SheetRow[] = []

  /** Row `row` (numbered from 1) of the sheet; rows may be skipped, never repeated. */
  add(row: number, cells: string[]): void {
    if (isEmpty(cells)) return
    if (this.rows.length === MAX_FILLED_ROWS) {
      throw badRequest(importMessages.spreadsheetTooManyRows(IMPORT_MAX_ROWS))
    }
    this.rows.push({ row, cells: cells.map(cut) })
  }

  /** The sheet's tables; refused when it has none with rows under its headings. */
  tables(chosen: ChosenHeadings): SheetTable[] {
    const read = tablesOf(this.rows, chosen)
    if (!read.ok) throw badRequest(read.message)
    if (read.value.every((table) => table.rows.length === 0))
      throw badRequest(importMessages.spreadsheetEmpty)
    return read.value
  }
}
