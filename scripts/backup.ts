import fs from 'node:fs'
import { countAll, exportAll } from '#server/core/db/portable'
import { backupSqlite, openSqliteFile } from '#server/core/db/sqlite-files'
import {
  commandLine,
  describeTarget,
  openExisting,
  report,
  run,
  sqliteFile,
  writeExport,
} from './lib/database-cli.ts'

// npm run backup -- FILE: a consistent copy taken while the server keeps running.
// SQLite: a page copy of the database file (SQLite's backup API), itself a database.
// PostgreSQL: the portable JSON export, read in one REPEATABLE READ snapshot.
const { file } = commandLine('npm run backup -- FILE')

await run(async (config) => {
  if (config.databaseUrl) {
    const db = openExisting(config)
    try {
      const data = await exportAll(db)
      await writeExport(file, data)
      const counts = Object.fromEntries(Object.entries(data.tables).map(([t, r]) => [t, r.length]))
      report(`Backed up ${describeTarget(config)} as JSON:`, counts, file)
    } finally {
      await db.destroy()
    }
    return
  }
  const live = sqliteFile(config)
  if (!fs.existsSync(live)) throw new Error(`There is no database at ${live} (set DATA_DIR).`)
  await backupSqlite(live, file)
  const copy = openSqliteFile(file, { readonly: true })
  try {
    report(`Backed up ${live}:`, await countAll(copy), file)
  } finally {
    await copy.destroy()
  }
})
