import fs from 'node:fs'
import type { PortableExport } from '#server/core/db/portable'
import { writeDurably } from '#server/core/db/sqlite-files'

/**
 * An export written to a file a row at a time, so one huge string is never built, into a
 * temporary file renamed into place once flushed: a half-written export never carries the final
 * name. (`npm run export`, `npm run backup` and the nightly backup on PostgreSQL.)
 */
export async function writeExport(file: string, data: PortableExport) {
  await writeDurably(file, async (partial) => {
    const out = fs.createWriteStream(partial)
    const write = (text: string) =>
      out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r))
    const { tables, ...head } = data
    await write(`${JSON.stringify(head).slice(0, -1)},"tables":{`)
    let firstTable = true
    for (const [name, rows] of Object.entries(tables)) {
      await write(`${firstTable ? '' : ','}\n${JSON.stringify(name)}:[`)
      firstTable = false
      for (const [index, row] of rows.entries()) {
        await write(`${index === 0 ? '' : ','}\n${JSON.stringify(row)}`)
      }
      await write(']')
    }
    await write('\n}}\n')
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    )
  })
}

/** How many rows of each table an export holds. */
export const rowCounts = (data: PortableExport): Record<string, number> =>
  Object.fromEntries(Object.entries(data.tables).map(([table, rows]) => [table, rows.length]))
