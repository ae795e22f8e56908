import Papa from 'papaparse'
import type { SheetTable } from '#shared/domain/import-rows'
import { importMessages } from '#shared/messages/import'
import { badRequest } from '#server/core/errors'
import { decodeText } from '#server/core/http/decode-text'
import { readWorkbook } from '#server/features/import/read-workbook'
import {
  refuseFormula,
  SheetTableBuilder,
  type Spreadsheet,
} from '#server/features/import/sheet-table'

export type { Spreadsheet }

// A CSV file or an .xlsx workbook read as one table of text (sheet-table.ts), a row at a time
// and no further than the row limit. Formulas are refused (their results are whatever the
// spreadsheet last worked out, if anything), and so is anything that is not text or a workbook.

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

export async function readSpreadsheet(bytes: Uint8Array, sheet?: string): Promise<Spreadsheet> {
  if (startsWith(bytes, OLE)) throw badRequest(importMessages.oldExcelFile)
  if (NOT_TABLES.some((magic) => startsWith(bytes, magic)))
    throw badRequest(importMessages.notASpreadsheet)
  if (startsWith(bytes, ZIP)) return readWorkbook(bytes, sheet)
  return { sheets: [], sheet: '', table: csvTable(decodeText(bytes)) }
}

// Decoding moved to the core (issue 27), where the bank statement and the drawing read it too.
export { decodeText }

const GUESS_FROM = 1024 * 1024

// Papaparse guesses the separator and the line ending from the first rows, but to do it splits
// the whole text into lines five times over (1.5 million lines, 6 s): they are guessed from the
// first megabyte here, as papaparse looks no further itself, and the file then parsed with them,
// character by character (its fast mode splits the whole text into lines first too). It hands
// the rows over one at a time and stops when told; they are numbered as it counts them (a cell
// with a line break in it is still one row).
function csvTable(text: string): SheetTable {
  const { meta } = Papa.parse<string[]>(text.slice(0, GUESS_FROM), { preview: 10 })
  const builder = new SheetTableBuilder()
  let row = 0
  let refusal: unknown
  Papa.parse<string[]>(text, {
    delimiter: meta.delimiter,
    newline: meta.linebreak as Papa.ParseConfig['newline'],
    fastMode: false,
    skipEmptyLines: false,
    step: ({ data: cells }, parser) => {
      try {
        row++
        cells.forEach((cell, column) => {
          if (cell.trimStart().startsWith('=')) refuseFormula(row, column)
        })
        builder.add(row, cells)
      } catch (error) {
        refusal = error
        parser.abort()
      }
    },
  })
  if (refusal) throw refusal
  return builder.table()
}
