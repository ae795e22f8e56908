import ExcelJS from 'exceljs'
import { strToU8, unzipSync, zipSync } from 'fflate'

// Spreadsheets as an association's committee keeps them: CSV saved by a spreadsheet program, and
// .xlsx workbooks written by a real workbook library.

export type Cell = string | number | boolean | Date | { formula: string; result?: number }

const quoted = (cell: Cell) => {
  const text = cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export const csvText = (rows: Cell[][]) => rows.map((row) => row.map(quoted).join(',')).join('\r\n')

/** UTF-8 with the byte-order mark Excel writes, unless `bom` is false. */
export const csvBytes = (rows: Cell[][], { bom = true } = {}) =>
  Buffer.concat([Buffer.from(bom ? '\ufeff' : ''), Buffer.from(csvText(rows))])

/** As Excel's "CSV" saves it on a British Windows machine. */
export const windows1252Bytes = (rows: Cell[][]) =>
  Buffer.from(
    [...csvText(rows)].map((char) => {
      const code = char.codePointAt(0)!
      if (code < 0x100) return code
      throw new Error(`no Windows-1252 byte for ${char} in this helper`)
    }),
  )

export async function xlsxBytes(sheets: Record<string, Cell[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name)
    for (const row of rows) sheet.addRow(row)
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A workbook whose shared strings unpack to `megabytes` MB from a few kilobytes of zip: what
 * a zip bomb looks like to the import. */
export async function inflatingWorkbook(megabytes: number): Promise<Buffer> {
  const parts = unzipSync(await xlsxBytes({ People: [['First name'], ['Ann']] }))
  const padding = ' '.repeat(megabytes * 1024 * 1024)
  parts['xl/sharedStrings.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${padding}<si><t>First name</t></si><si><t>Ann</t></si></sst>`,
  )
  return Buffer.from(zipSync(parts, { level: 1 }))
}

export const csvFile = (bytes: Uint8Array, name = 'people.csv') => ({
  bytes,
  name,
  type: 'text/csv',
})
export const xlsxFile = (bytes: Uint8Array, name = 'plots.xlsx') => ({
  bytes,
  name,
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
})
