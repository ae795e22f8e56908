import type { Db } from '#server/core/db/database'
import { countAll, exportAll } from '#server/core/db/portable'
import { rowCounts, writeExport } from '#server/core/db/portable-file'
import { backupSqlite, openSqliteFile } from '#server/core/db/sqlite-files'

/**
 * A consistent copy of the whole database, taken while the server keeps running
 * (docs/decisions/0007): SQLite's backup API, a database file itself; PostgreSQL's portable JSON
 * export, read in one snapshot. The rows of each table it holds.
 */
export async function writeBackup(db: Db, file: string): Promise<Record<string, number>> {
  if (db.dialect === 'postgres') {
    const data = await exportAll(db)
    await writeExport(file, data)
    return rowCounts(data)
  }
  await backupSqlite(db.file!, file)
  const copy = openSqliteFile(file, { readonly: true })
  try {
    return await countAll(copy)
  } finally {
    await copy.destroy()
  }
}

/** The kind of file a backup of the engine is, as its name ends. */
export const backupExtension = (db: Db) => (db.dialect === 'postgres' ? 'json' : 'sqlite')
