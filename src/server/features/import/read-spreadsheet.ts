import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import type { SheetRow, SheetTable } from '#shared/domain/import-rows'
import { messages } from '#shared/messages'
import { IMPORT_MAX_ROWS } from '#shared/schemas/spreadsheet-import'
import { badRequest } from '#server/core/errors'
import { decodeText } from '#server/core/http/decode-text'

// A CSV file or an .xlsx workbook read as one table of text: the first row that is not empty
// holds the headings, the rest are rows numbered as the spreadsheet numbers them. Formulas are
// refused (their results are whatever the spreadsheet last worked out, if anything), and so is
// anything that is not text or a workbook.

export interface Spreadsheet {
  sheets: string[]
  sheet: string
  table: SheetTable
}

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

/** A, B, ... Z, AA: how spreadsheets name column `index` (from 0). */
export function columnLetter(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  }
  return name
}

export async function readSpreadsheet(bytes: Uint8Array, sheet?: string): Promise<Spreadsheet> {
  if (startsWith(bytes, OLE)) throw badRequest(messages.oldExcelFile)
  if (NOT_TABLES.some((magic) => startsWith(bytes, magic)))
    throw badRequest(messages.notASpreadsheet)
  if (startsWith(bytes, ZIP)) return readWorkbook(bytes, sheet)
  return { sheets: [], sheet: '', table: tableOf(csvRows(decodeText(bytes))) }
}

// Decoding moved to the core (issue 27), where the bank statement and the drawing read it too.
export { decodeText }

function csvRows(text: string): string[][] {
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: false }).data
  rows.forEach((cells, i) =>
    cells.forEach((cell, column) => {
      if (cell.trimStart().startsWith('=')) {
        throw badRequest(messages.spreadsheetFormula(i + 1, columnLetter(column)))
      }
    }),
  )
  return rows
}

// Without a sheet asked for, the first sheet with rows under its headings: a workbook often
// begins with a sheet of notes.
async function readWorkbook(bytes: Uint8Array, wanted?: string): Promise<Spreadsheet> {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer)
  } catch {
    throw badRequest(messages.notASpreadsheet)
  }
  const sheets = workbook.worksheets.map((ws) => ws.name)
  const filled = (ws: ExcelJS.Worksheet) => ws.actualRowCount > 1
  const worksheet = wanted
    ? workbook.getWorksheet(wanted)
    : (workbook.worksheets.find(filled) ?? workbook.worksheets[0])
  if (!worksheet) {
    throw badRequest(wanted ? messages.noSuchSheet(wanted) : messages.spreadsheetEmpty)
  }
  return { sheets, sheet: worksheet.name, table: tableOf(sheetRows(worksheet)) }
}

function sheetRows(worksheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = []
  worksheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (cell.type === ExcelJS.ValueType.Formula) {
        throw badRequest(messages.spreadsheetFormula(rowNumber, columnLetter(column - 1)))
      }
      cells[column - 1] = cellText(cell)
    })
    rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '')
  })
  return Array.from(rows, (row) => row ?? [])
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return cell.text ?? ''
}

// Headings from the first row with anything in it; a blank heading is named by its letter and
// a repeated one numbered, so that every column can be chosen by name.
function tableOf(rows: string[][]): SheetTable {
  const isEmpty = (cells: string[]) => cells.every((cell) => !cell.trim())
  const headingAt = rows.findIndex((cells) => !isEmpty(cells))
  if (headingAt < 0) throw badRequest(messages.spreadsheetEmpty)
  const seen = new Map<string, number>()
  const columns = rows[headingAt]!.map((cell, index) => {
    const heading = cell.trim() || `Column ${columnLetter(index)}`
    const count = (seen.get(heading) ?? 0) + 1
    seen.set(heading, count)
    return count > 1 ? `${heading} (${count})` : heading
  })
  const body: SheetRow[] = []
  rows.slice(headingAt + 1).forEach((cells, i) => {
    if (!isEmpty(cells)) body.push({ row: headingAt + i + 2, cells })
  })
  if (body.length === 0) throw badRequest(messages.spreadsheetEmpty)
  if (body.length > IMPORT_MAX_ROWS) {
    throw badRequest(messages.spreadsheetTooManyRows(IMPORT_MAX_ROWS))
  }
  return { columns, rows: body }
}
