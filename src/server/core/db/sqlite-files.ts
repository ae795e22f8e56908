import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Db } from '#server/core/db/database'
import type { Database } from '#server/core/db/schema'

// Whole-file backup and restore of the SQLite database (docs/decisions/0007).

const HEADER = Buffer.from('SQLite format 3\0', 'latin1')

export const isSqliteFile = (file: string) => fileStartsWith(file, HEADER)

/** Whether a file's first bytes are `magic` (what kind of file it is). */
export function fileStartsWith(file: string, magic: Buffer): boolean {
  const fd = fs.openSync(file, 'r')
  try {
    const head = Buffer.alloc(magic.length)
    fs.readSync(fd, head, 0, head.length, 0)
    return head.equals(magic)
  } finally {
    fs.closeSync(fd)
  }
}

/** A database file that is not the server's own, e.g. a backup to read from. */
export function openSqliteFile(file: string, options: { readonly?: boolean } = {}): Db {
  const sqlite = new SQLite(file, { fileMustExist: true, readonly: options.readonly ?? false })
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { kysely, dialect: 'sqlite', file, destroy: () => kysely.destroy() }
}

/**
 * Copies a live database into `destination` while the server keeps writing. SQLite's backup API
 * restarts whenever another connection writes between two of its steps, so a busy server could
 * starve a page-by-page copy; asking for every page in one step gives one consistent snapshot
 * (a reader under WAL does not block the writer, nor the writer it).
 */
export async function backupSqlite(source: string, destination: string): Promise<void> {
  if (!fs.existsSync(source)) throw new Error(`There is no database at ${source}.`)
  const target = path.resolve(destination)
  const partial = siblingTemp(target, 'partial')
  removeWithSidecars(partial)
  const db = new SQLite(source, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    await db.backup(partial, { progress: () => 0x7fffffff })
  } finally {
    db.close()
  }
  try {
    checkDatabaseFile(partial)
    durablyRename(partial, target)
  } catch (error) {
    removeWithSidecars(partial)
    throw error
  }
}

/**
 * Puts a backup file in place of the live database. The server must be stopped: this refuses
 * when any other connection has the file open. The old file is kept beside it (hard link).
 */
export function restoreSqlite(backup: string, live: string): { previous?: string } {
  if (!isSqliteFile(backup)) throw new Error(`${backup} is not a SQLite database file.`)
  const incoming = siblingTemp(live, 'restore')
  removeWithSidecars(incoming)
  try {
    fs.mkdirSync(path.dirname(live), { recursive: true })
    fs.copyFileSync(backup, incoming)
    checkDatabaseFile(incoming)
    let previous: string | undefined
    if (fs.existsSync(live)) {
      assertNotInUse(live)
      previous = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      keepCopy(live, previous)
    }
    // A stale WAL or journal beside the new file would be replayed into it: remove them first.
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(live + suffix, { force: true })
    durablyRename(incoming, live)
    return previous ? { previous } : {}
  } catch (error) {
    removeWithSidecars(incoming)
    throw error
  }
}

export class DatabaseInUseError extends Error {
  constructor(file: string) {
    super(
      `The database ${file} is in use. Stop the server (and anything else using the file) ` +
        'before restoring.',
    )
    this.name = 'DatabaseInUseError'
  }
}

// Two checks. BEGIN IMMEDIATE fails while anyone is writing. Leaving WAL mode needs the only
// connection to the file, so it also catches an idle server that merely has it open (and it
// folds the WAL into the file, so the copy kept of the old database is whole).
function assertNotInUse(file: string) {
  const db = new SQLite(file, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 250')
    db.exec('begin immediate')
    db.exec('rollback')
    const mode = db.pragma('journal_mode = delete', { simple: true })
    if (mode !== 'delete') throw new DatabaseInUseError(file)
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw error
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new DatabaseInUseError(file)
    }
    throw error
  } finally {
    db.close()
  }
}

// A backup is a single self-contained file (rollback journal, no WAL beside it) that has passed
// SQLite's own integrity and foreign-key checks and holds our tables.
export function checkDatabaseFile(file: string) {
  const db = new SQLite(file, { fileMustExist: true })
  try {
    db.pragma('journal_mode = delete')
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok')
      throw new Error(`${file} fails its integrity check: ${String(integrity)}`)
    const broken = db.pragma('foreign_key_check') as unknown[]
    if (broken.length > 0) throw new Error(`${file} has ${broken.length} broken foreign keys.`)
    const ours = db
      .prepare(`select count(*) as n from sqlite_master where name in ('kysely_migration', 'user')`)
      .get() as { n: number }
    if (ours.n < 2) throw new Error(`${file} is not an allotment database.`)
  } finally {
    db.close()
  }
}

function siblingTemp(file: string, purpose: string) {
  return path.join(path.dirname(file), `.${path.basename(file)}.${purpose}-${process.pid}`)
}

function removeWithSidecars(file: string) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true })
}

function keepCopy(file: string, copy: string) {
  try {
    fs.linkSync(file, copy)
  } catch {
    fs.copyFileSync(file, copy)
  }
}

/**
 * Writes `destination` by `write`, which fills the temporary file beside it that it is given:
 * renamed into place once whole (durablyRename), removed when `write` fails, so that a
 * half-written file never carries the final name.
 */
export async function writeDurably(
  destination: string,
  write: (partial: string) => Promise<void>,
): Promise<void> {
  const partial = siblingTemp(destination, 'partial')
  try {
    await write(partial)
    durablyRename(partial, destination)
  } finally {
    fs.rmSync(partial, { force: true })
  }
}

// The new file's bytes reach the disk before its name does, and the name change itself is
// flushed: after a power cut there is either the old file or the whole new one.
function durablyRename(from: string, to: string) {
  fsync(from)
  fs.renameSync(from, to)
  fsync(path.dirname(to))
}

function fsync(file: string) {
  const fd = fs.openSync(file, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
