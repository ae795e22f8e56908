import { pipeline, Readable, Transform } from 'node:stream'
import ExcelJS from 'exceljs'
import unzipper from 'unzipper'
import { importMessages } from '#shared/messages/import'
import { AppError, badRequest } from '#server/core/errors'
import {
  refuseFormula,
  SheetTableBuilder,
  type ChosenHeadings,
  type Spreadsheet,
} from '#server/features/import/sheet-table'

// An .xlsx workbook read a row at a time, so that reading stops at the row limit: loading the
// whole of a 16 MB workbook of 1.5 million rows took 67 s and 3.2 GB before it was refused.
//
// exceljs's streaming reader (stream.xlsx.WorkbookReader) reads the zip in the order its parts
// are stored, and exceljs itself stores the sheets' names (xl/workbook.xml) after the sheets,
// which that reader then fails to name, or reads while the names are missing (exceljs issue
// 3064); sheets stored before the shared strings, as Excel stores them, it first copies to
// temporary files. The bytes are in memory anyway, so the zip is opened by its directory here
// and the reader's parts are read in the order they are needed: the sheets' names, the shared
// strings and the styles (for dates), then the sheet wanted, row by row.

/** How much of one part of the workbook is inflated at most: a zip file can hold gigabytes in a
 * few megabytes. A sheet of 20,000 rows of 30 columns is about 25 MB. */
const PART_MAX_BYTES = 64 * 1024 * 1024

type Row = ExcelJS.Row
type WorksheetReader = AsyncIterable<Row>

// The parts of exceljs 4.4.0's WorkbookReader used here (it reads them from its zip stream
// with the same methods).
interface WorkbookParts {
  model?: { sheets?: { name: string; rId: string }[] }
  workbookRels?: { Id: string; Target: string }[]
  _parseRels(part: Readable): Promise<void>
  _parseWorkbook(part: Readable): Promise<void>
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>
  _parseStyles(part: Readable): Promise<void>
  _parseWorksheet(
    part: Readable,
    sheetNo: string,
  ): Iterable<{ eventType: string; value: WorksheetReader }>
}

const OPTIONS = {
  worksheets: 'emit',
  sharedStrings: 'cache',
  styles: 'cache',
  hyperlinks: 'ignore',
  entries: 'ignore',
} as const

interface Sheet {
  name: string
  path: string | undefined
}

export async function readWorkbook(
  bytes: Uint8Array,
  wanted: string | undefined,
  chosen: ChosenHeadings,
): Promise<Spreadsheet> {
  try {
    const parts = await partsOf(bytes)
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(
      Readable.from([]),
      OPTIONS,
    ) as unknown as WorkbookParts
    const read = async (path: string, parse: (part: Readable) => Promise<unknown>) => {
      const part = parts(path)
      if (part) await parse(part)
    }
    await read('xl/_rels/workbook.xml.rels', (part) => reader._parseRels(part))
    await read('xl/workbook.xml', (part) => reader._parseWorkbook(part))
    await read('xl/sharedStrings.xml', async (part) => {
      for await (const _ of reader._parseSharedStrings(part));
    })
    await read('xl/styles.xml', (part) => reader._parseStyles(part))
    const sheets = sheetsOf(reader)
    const rowsOf = (sheet: Sheet) => {
      const part = sheet.path === undefined ? undefined : parts(sheet.path)
      if (!part) return emptySheet
      const [worksheet] = [...reader._parseWorksheet(part, '0')]
      return worksheet!.value
    }
    return {
      sheets: sheets.map(({ name }) => name),
      ...(await chooseSheet(sheets, rowsOf, wanted, chosen)),
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw badRequest(importMessages.notASpreadsheet)
  }
}

async function partsOf(bytes: Uint8Array) {
  const { files } = await unzipper.Open.buffer(Buffer.from(bytes))
  const byPath = new Map(files.map((file) => [file.path, file]))
  return (path: string) => {
    const file = byPath.get(path)
    return file && file.type === 'File' ? capped(file.stream()) : undefined
  }
}

// A part's bytes as they are inflated, refused past PART_MAX_BYTES.
function capped(part: Readable): Readable {
  let inflated = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length
      if (inflated > PART_MAX_BYTES) done(new AppError(413, importMessages.workbookTooLarge))
      else done(null, chunk)
    },
  })
  return pipeline(part, counter, () => undefined)
}

// The sheets in the workbook's order, each with its part's path in the zip.
function sheetsOf(reader: WorkbookParts): Sheet[] {
  const targets = new Map((reader.workbookRels ?? []).map((rel) => [rel.Id, rel.Target]))
  return (reader.model?.sheets ?? []).map(({ name, rId }) => {
    const target = targets.get(rId)
    if (target === undefined) return { name, path: undefined }
    return { name, path: target.startsWith('/') ? target.slice(1) : `xl/${target}` }
  })
}

const emptySheet: WorksheetReader = { async *[Symbol.asyncIterator]() {} }

// The sheet named, or else the first sheet with rows under its headings (more than one row
// with values): a workbook often begins with a sheet of notes. A sheet is read only until it is
// known not to be the one, or to its end, or to the row limit.
async function chooseSheet(
  sheets: Sheet[],
  rowsOf: (sheet: Sheet) => WorksheetReader,
  wanted: string | undefined,
  chosen: ChosenHeadings,
): Promise<Omit<Spreadsheet, 'sheets'>> {
  if (wanted !== undefined) {
    const sheet = sheets.find(({ name }) => name === wanted)
    if (!sheet) throw badRequest(importMessages.noSuchSheet(wanted))
    const read = await readSheet(rowsOf(sheet), true)
    return { sheet: sheet.name, tables: read.tables(chosen) }
  }
  let first: SheetRead | undefined
  for (const sheet of sheets) {
    const read = await readSheet(rowsOf(sheet), false)
    if (read.filled) return { sheet: sheet.name, tables: read.tables(chosen) }
    first ??= read
  }
  // None has rows: the first is read, to say so (or to name its formula).
  if (first?.formula) refuseFormula(...first.formula)
  throw badRequest(importMessages.spreadsheetEmpty)
}

interface SheetRead {
  filled: boolean
  /** The first formula's row and column (from 0), in a sheet that turned out not to be read. */
  formula: [number, number] | undefined
  tables: SheetTableBuilder['tables']
}

// A sheet's rows into a table. A formula is refused once the sheet is the one read (`chosen`,
// or from its second row with values), naming the first.
async function readSheet(rows: WorksheetReader, chosen: boolean): Promise<SheetRead> {
  const builder = new SheetTableBuilder()
  let withValues = 0
  let formula: [number, number] | undefined
  for await (const row of rows) {
    if (row.hasValues && ++withValues === 2) chosen = true
    if (chosen && formula) refuseFormula(...formula)
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (cell.type === ExcelJS.ValueType.Formula) {
        if (chosen) refuseFormula(row.number, column - 1)
        formula ??= [row.number, column - 1]
      }
      cells[column - 1] = cellText(cell)
    })
    builder.add(
      row.number,
      Array.from(cells, (cell) => cell ?? ''),
    )
  }
  if (chosen && formula) refuseFormula(...formula)
  return { filled: withValues > 1, formula, tables: (headings) => builder.tables(headings) }
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return cell.text ?? ''
}
