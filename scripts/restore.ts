import fs from 'node:fs'
import { countAll, exportAll, importAll } from '#server/core/db/portable'
import { isSqliteFile, openSqliteFile, restoreSqlite } from '#server/core/db/sqlite-files'
import {
  commandLine,
  describeTarget,
  openForImport,
  readExport,
  report,
  run,
  sqliteFile,
} from './lib/database-cli.ts'

// npm run restore -- FILE [--replace]: puts a backup back. STOP THE SERVER FIRST.
// A SQLite backup onto SQLite replaces the database file (refused while the file is in use).
// A JSON backup, or a SQLite backup onto PostgreSQL, is imported: into an empty database, or
// with --replace wiped and imported in one transaction.
const { file, replace } = commandLine('npm run restore -- FILE [--replace]')

await run(async (config) => {
  if (!fs.existsSync(file)) throw new Error(`There is no file ${file}.`)
  const target = describeTarget(config)
  if (isSqliteFile(file) && !config.databaseUrl) {
    const live = sqliteFile(config)
    const { previous } = restoreSqlite(file, live)
    if (previous) console.log(`The database it replaced is kept as ${previous}.`)
    const restored = openSqliteFile(live, { readonly: true })
    try {
      report(`Restored ${file} to ${live}:`, await countAll(restored))
    } finally {
      await restored.destroy()
    }
    return
  }
  const data = isSqliteFile(file) ? await exportFromFile(file) : readExport(file)
  const db = await openForImport(config)
  try {
    report(`Restored ${file} into ${target}:`, await importAll(db, data, { replace }))
  } finally {
    await db.destroy()
  }
})

async function exportFromFile(file: string) {
  const backup = openSqliteFile(file, { readonly: true })
  try {
    return await exportAll(backup)
  } finally {
    await backup.destroy()
  }
}
