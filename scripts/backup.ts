import { writeBackup } from '#server/core/backups/write-backup'
import { commandLine, describeTarget, openExisting, report, run } from './lib/database-cli.ts'

// npm run backup -- FILE: a consistent copy taken while the server keeps running.
// SQLite: a page copy of the database file (SQLite's backup API), itself a database.
// PostgreSQL: the portable JSON export, read in one REPEATABLE READ snapshot.
// (The nightly backup takes the same copy, then encrypts it and sends it away: decision 42.)
const { file } = commandLine('npm run backup -- FILE')

await run(async (config) => {
  const db = openExisting(config)
  try {
    const counts = await writeBackup(db, file)
    const kind = db.dialect === 'postgres' ? ' as JSON' : ''
    report(`Backed up ${describeTarget(config)}${kind}:`, counts, file)
  } finally {
    await db.destroy()
  }
})
