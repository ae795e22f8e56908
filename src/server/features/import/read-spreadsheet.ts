import { importMessages } from '#shared/messages/import'
import { badRequest } from '#server/core/errors'
import { decodeText } from '#server/core/http/decode-text'
import { eachCsvRow, guessCsvDialect } from '#server/core/http/read-csv'
import { readWorkbook } from '#server/features/import/read-workbook'
import {
  refuseFormula,
  SheetTableBuilder,
  type ChosenHeadings,
  type Spreadsheet,
} from '#server/features/import/sheet-table'

export type { Spreadsheet }

// A CSV file or an .xlsx workbook read as tables of text (sheet-table.ts), a row at a time and
// no further than the row limit; `chosen` gives the headings rows the secretary chose. Formulas
// are refused (their results are whatever the spreadsheet last worked out, if anything), and so
// is anything that is not text or a workbook.

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0]
// PDF, PNG, JPEG, GIF: files people choose by mistake.
const NOT_TABLES = [
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46],
]
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b)

export async function readSpreadsheet(
  bytes: Uint8Array,
  sheet?: string,
  chosen: ChosenHeadings = [],
): Promise<Spreadsheet> {
  if (startsWith(bytes, OLE)) throw badRequest(importMessages.oldExcelFile)
  if (NOT_TABLES.some((magic) => startsWith(bytes, magic)))
    throw badRequest(importMessages.notASpreadsheet)
  if (startsWith(bytes, ZIP)) return readWorkbook(bytes, sheet, chosen)
  return { sheets: [], sheet: '', tables: csvTables(decodeText(bytes), chosen) }
}

// Decoding moved to the core (issue 27), where the bank statement and the drawing read it too.
export { decodeText }

// The rows are read one at a time, and no further than the row limit; they are numbered as they
// are counted (a cell with a line break in it is still one row).
function csvTables(text: string, chosen: ChosenHeadings) {
  const builder = new SheetTableBuilder()
  let row = 0
  eachCsvRow(text, guessCsvDialect(text), (cells) => {
    row++
    cells.forEach((cell, column) => {
      if (cell.trimStart().startsWith('=')) refuseFormula(row, column)
    })
    builder.add(row, cells)
  })
  return builder.tables(chosen)
}
