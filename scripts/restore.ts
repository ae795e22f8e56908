import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Config } from '#server/core/config'
import { decryptFile, isEncryptedBackup, readPassphrase } from '#server/core/backups/encryption'
import { s3Store } from '#server/core/backups/s3'
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
// FILE may be s3://BUCKET/KEY, fetched with the BACKUP_S3_* settings; a nightly backup that is
// encrypted is decrypted with BACKUP_PASSPHRASE or BACKUP_PASSPHRASE_FILE (decision 42).
const { file, given, replace } = commandLine('npm run restore -- FILE|s3://BUCKET/KEY [--replace]')

await run(async (config) => {
  // What is downloaded or decrypted waits in a folder of its own, removed at the end.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-restore-'))
  try {
    await restore(config, await readableCopy(config, scratch))
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
})

/** The backup as a file here, in clear: downloaded from the bucket, decrypted, as needed. */
async function readableCopy(config: Config, scratch: string): Promise<string> {
  let local = file
  const inBucket = /^s3:\/\/([^/]+)\/(.+)$/.exec(given)
  if (inBucket) {
    local = path.join(scratch, 'downloaded')
    const store = await s3Store(config.backups.store)
    try {
      await store.download(inBucket[1]!, inBucket[2]!, local)
    } finally {
      store.close()
    }
  } else if (!fs.existsSync(file)) throw new Error(`There is no file ${file}.`)
  if (!isEncryptedBackup(local)) return local
  const passphrase = readPassphrase(config.backups)
  if (!passphrase)
    throw new Error(
      `${given} is encrypted: set BACKUP_PASSPHRASE or BACKUP_PASSPHRASE_FILE to the passphrase it was made with.`,
    )
  const clear = path.join(scratch, 'decrypted')
  await decryptFile(local, clear, passphrase, given)
  return clear
}

async function restore(config: Config, backup: string) {
  const target = describeTarget(config)
  if (isSqliteFile(backup) && !config.databaseUrl) {
    const live = sqliteFile(config)
    const { previous } = restoreSqlite(backup, live)
    if (previous) console.log(`The database it replaced is kept as ${previous}.`)
    const restored = openSqliteFile(live, { readonly: true })
    try {
      report(`Restored ${given} to ${live}:`, await countAll(restored))
    } finally {
      await restored.destroy()
    }
    return
  }
  const data = isSqliteFile(backup) ? await exportFromFile(backup) : readExport(backup)
  const db = await openForImport(config)
  try {
    report(`Restored ${given} into ${target}:`, await importAll(db, data, { replace }))
  } finally {
    await db.destroy()
  }
}

async function exportFromFile(file: string) {
  const backup = openSqliteFile(file, { readonly: true })
  try {
    return await exportAll(backup)
  } finally {
    await backup.destroy()
  }
}
