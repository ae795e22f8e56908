import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { importMessages } from '#shared/messages/import'
import { IMPORT_MAX_ROWS } from '#shared/schemas/spreadsheet-import'
import { startServer } from '#tests/helpers/server-process'
import { administratorCookie } from './admin-session.ts'
import { memoryMb } from './seeded-server.ts'

// Issue 26: a 16 MB workbook of 1.5 million rows took 67 s and 3.2 GB of the server before it
// was refused for having more than the 20,000 rows an import takes. Here such a workbook (and a
// CSV file of as many rows, under the 20 MB cap) is sent to the dry run of a fresh server
// process each: the time to the refusal, and the server's peak memory (VmHWM) before and after.

const ROWS = 1_500_000
const HEADINGS = ['First name', 'Last name']
const row = (i: number) => [`F${i % 100}`, `L${i % 97}`]

// Written by exceljs's streaming writer as Excel writes one: text in the shared strings.
async function bigWorkbook(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `bench-rows-${process.pid}.xlsx`)
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
  })
  const sheet = workbook.addWorksheet('People')
  sheet.addRow(HEADINGS).commit()
  for (let i = 0; i < ROWS; i++) sheet.addRow(row(i)).commit()
  sheet.commit()
  await workbook.commit()
  const bytes = fs.readFileSync(file)
  fs.rmSync(file)
  return bytes
}

const bigCsv = () =>
  Buffer.from(
    [HEADINGS, ...Array.from({ length: ROWS }, (_, i) => row(i))]
      .map((cells) => cells.join(','))
      .join('\r\n'),
  )

async function checkOnFreshServer(label: string, name: string, bytes: Buffer) {
  const server = await startServer({ env: { LOG_LEVEL: 'silent' } })
  try {
    const cookie = await administratorCookie(server)
    const before = memoryMb(server.process.pid!, 'VmHWM')
    const form = new FormData()
    form.append('kind', 'people')
    form.append('file', new Blob([new Uint8Array(bytes)]), name)
    const started = performance.now()
    const response = await fetch(`${server.url}/api/import/check`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    })
    const elapsed = performance.now() - started
    const { detail } = (await response.json()) as { detail?: string }
    const expected =
      response.status === 400 && detail === importMessages.spreadsheetTooManyRows(IMPORT_MAX_ROWS)
    console.log(
      `${label} (${ROWS.toLocaleString('en-GB')} rows, ${(bytes.length / 1e6).toFixed(1)} MB): ` +
        `${response.status} ${expected ? 'too many rows' : detail} in ${(elapsed / 1000).toFixed(2)} s; ` +
        `server peak memory ${before.toFixed(0)} MB before, ${memoryMb(server.process.pid!, 'VmHWM').toFixed(0)} MB after`,
    )
  } finally {
    await server.stop()
    fs.rmSync(server.dataDir, { recursive: true, force: true })
  }
}

export async function benchPastTheRowLimit() {
  const workbook = await bigWorkbook()
  await checkOnFreshServer('an .xlsx workbook', 'people.xlsx', workbook)
  await checkOnFreshServer('a CSV file', 'people.csv', bigCsv())
}
