import { sql } from 'kysely'
import type { Db, Dialect } from '#server/core/db/database'
import {
  readShapes,
  type Column,
  type Executor,
  type TableShape,
} from '#server/core/db/portable-schema'
import { DATA_VERSION_KEY } from '#server/core/db/data-version'
import { writeTransaction } from '#server/core/db/write-transaction'
import { DEFAULT_SITE_NAME, firstSiteNameIn } from '#server/core/db/migrations/044-sites'

// A whole association as one JSON document that either engine can read back: every table, with
// values in one neutral form (flags as stored, better-auth's booleans as booleans, dates as ISO
// strings, bytes as base64), so that SQLite → PostgreSQL → SQLite gives back the same rows.

export const EXPORT_FORMAT = 'allotment-export'
export const EXPORT_VERSION = 1

export type Row = Record<string, unknown>

export interface PortableExport {
  format: typeof EXPORT_FORMAT
  version: typeof EXPORT_VERSION
  exportedAt: string
  /** Where it came from (for people reading the file; import does not depend on it). */
  engine: Dialect
  /** Migrations the source had run: a target that lacks one is older than the data. */
  migrations: string[]
  tables: Record<string, Row[]>
}

export class DatabaseNotEmptyError extends Error {
  constructor(counts: Record<string, number>) {
    const held = Object.entries(counts)
      .filter(([, count]) => count > 0)
      .map(([table, count]) => `${table}: ${count} ${count === 1 ? 'row' : 'rows'}`)
      .join(', ')
    super(
      `The database already holds data (${held}). Import only into an empty database, ` +
        'or use --replace to wipe it and import in one transaction.',
    )
    this.name = 'DatabaseNotEmptyError'
  }
}

// The data-version marker belongs to one database's own history of writes, not to the
// association's data: neither exported, counted, nor wiped by --replace.
const withoutLocalMarker = (table: string) =>
  table === 'app_settings' ? sql` where key <> ${DATA_VERSION_KEY}` : sql``

/** One consistent snapshot of every table (PostgreSQL: REPEATABLE READ, read only). */
export async function exportAll(db: Db): Promise<PortableExport> {
  const read = async (tx: Executor): Promise<PortableExport> => {
    const tables: Record<string, Row[]> = {}
    for (const shape of await readShapes(tx, db.dialect)) {
      const result = await sql<Row>`
        select * from ${sql.table(shape.name)}${withoutLocalMarker(shape.name)}`.execute(tx)
      tables[shape.name] = result.rows.map((row) => exportRow(shape, row)).sort(byKey(shape))
    }
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date().toISOString(),
      engine: db.dialect,
      migrations: await migrationNames(tx),
      tables,
    }
  }
  if (db.dialect === 'postgres') {
    return db.kysely
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(read)
  }
  // SQLite under WAL: a read transaction sees one snapshot from its first read to its end.
  return db.kysely.transaction().execute(read)
}

export interface ImportOptions {
  /** Wipe every table first (same transaction), instead of refusing a database with data. */
  replace?: boolean
}

/** Puts an export into the database in one write transaction; answers rows written per table. */
export async function importAll(
  db: Db,
  data: unknown,
  options: ImportOptions = {},
): Promise<Record<string, number>> {
  const file = checkExport(data)
  return writeTransaction(db, async (tx) => {
    const shapes = await readShapes(tx, db.dialect)
    // PostgreSQL's changes lock only the records they touch (decision 13); an import touches
    // every table, so it holds them against writers (readers go on) until it commits.
    if (db.dialect === 'postgres') {
      const tables = sql.join(shapes.map((shape) => sql.table(shape.name)))
      await sql`lock table ${tables} in exclusive mode`.execute(tx)
    }
    checkFits(file, shapes, await migrationNames(tx))
    const counts = await countRows(tx, shapes, { seeded: false })
    if (!options.replace && Object.values(counts).some((count) => count > 0)) {
      throw new DatabaseNotEmptyError(counts)
    }
    if (options.replace) {
      for (const shape of [...shapes].reverse()) {
        await sql`delete from ${sql.table(shape.name)}${withoutLocalMarker(shape.name)}`.execute(tx)
      }
    } else if (file.tables['sites']) await sql`delete from sites`.execute(tx)
    const written: Record<string, number> = {}
    for (const shape of shapes) {
      const rows = withSitesOf(file, shape, options.replace === true)
      await insertRows(tx, shape, rows, db.dialect)
      written[shape.name] = rows.length
    }
    if (db.dialect === 'postgres') await moveSequences(tx, shapes)
    return written
  })
}

// Migration 044 gives every database its first site (id 1), which an empty database holds
// untouched: the empty-database check passes over it, and an import brings the export's own sites
// in its place. An export from before sites (no `sites` table) keeps a first site, and its plots
// are named by their ids, as the migration named the plots it found.
const SEEDED_SITE = sql` where not (id = 1 and version = 1)`

function withSitesOf(file: PortableExport, shape: TableShape, replace: boolean): Row[] {
  const rows = file.tables[shape.name] ?? []
  if (file.tables['sites']) return rows
  if (shape.name === 'plots') return rows.map((row) => ({ name: row['id'], ...row }))
  // Wiped by --replace, the first site is made again; otherwise the database's own stays.
  if (shape.name === 'sites' && replace) {
    const settings = file.tables['app_settings']?.find((row) => row['key'] === 'association')
    const name = firstSiteNameIn(String(settings?.['value'] ?? '')) || DEFAULT_SITE_NAME
    return [
      { id: 1, name, address: '', description: '', facilities: '', retiredOn: null, version: 1 },
    ]
  }
  return rows
}

/** Rows per table, for reports and for the empty-database check. */
export async function countAll(db: Db): Promise<Record<string, number>> {
  return countRows(db.kysely, await readShapes(db.kysely, db.dialect))
}

/** `seeded: false` leaves out what migrations put in every database (the untouched first site). */
async function countRows(db: Executor, shapes: TableShape[], { seeded = true } = {}) {
  const counts: Record<string, number> = {}
  for (const shape of shapes) {
    const where = !seeded && shape.name === 'sites' ? SEEDED_SITE : withoutLocalMarker(shape.name)
    const result = await sql<{ count: number | string }>`
      select count(*) as count from ${sql.table(shape.name)}${where}`.execute(db)
    counts[shape.name] = Number(result.rows[0]?.count ?? 0)
  }
  return counts
}

function exportRow(shape: TableShape, row: Row): Row {
  const out: Row = {}
  for (const column of shape.columns)
    out[column.name] = exportValue(shape, column, row[column.name])
  return out
}

function exportValue(shape: TableShape, column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null
  switch (column.kind) {
    case 'boolean':
      return value === true || value === 1 || value === '1'
    case 'date':
      return isoDate(value)
    case 'bytes':
      return Buffer.from(value as Uint8Array).toString('base64')
    default:
      if (typeof value === 'bigint') return Number(value)
      if (typeof value === 'object' || typeof value === 'boolean') {
        // A type this module does not know how to carry would come back different: stop here.
        throw new Error(
          `Column ${shape.name}.${column.name} holds a value the export cannot carry.`,
        )
      }
      return value
  }
}

// better-auth writes Date objects; PostgreSQL keeps them as timestamptz, SQLite as ISO text.
function isoDate(value: unknown): string {
  const date = value instanceof Date ? value : new Date(value as string | number)
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${String(value)}`)
  return date.toISOString()
}

function importValue(column: Column, value: unknown, dialect: Dialect): unknown {
  if (value === null || value === undefined) return null
  switch (column.kind) {
    case 'boolean': {
      const flag = value === true || value === 1 || value === '1' || value === 'true'
      return dialect === 'postgres' ? flag : Number(flag)
    }
    case 'date':
      return dialect === 'postgres' ? new Date(isoDate(value)) : isoDate(value)
    case 'bytes':
      if (typeof value !== 'string') throw new Error(`Column ${column.name}: expected base64 text.`)
      return Buffer.from(value, 'base64')
    default:
      // SQLite cannot bind booleans; a flag is 0/1 there (docs/decisions/0004).
      return typeof value === 'boolean' && dialect === 'sqlite' ? Number(value) : value
  }
}

// Rows sorted by primary key in code, not by the engines' collations, so exports compare equal.
function byKey(shape: TableShape) {
  const key = shape.primaryKey.length > 0 ? shape.primaryKey : shape.columns.map((c) => c.name)
  return (a: Row, b: Row) => {
    for (const name of key) {
      const x = a[name] as string | number
      const y = b[name] as string | number
      if (x < y) return -1
      if (x > y) return 1
    }
    return 0
  }
}

async function migrationNames(db: Executor): Promise<string[]> {
  try {
    const result = await sql<{ name: string }>`
      select name from kysely_migration order by name`.execute(db)
    return result.rows.map((row) => row.name)
  } catch {
    return []
  }
}

function checkExport(data: unknown): PortableExport {
  const file = data as Partial<PortableExport> | null
  if (file?.format !== EXPORT_FORMAT || typeof file.tables !== 'object' || !file.tables) {
    throw new Error(`This is not an ${EXPORT_FORMAT} file.`)
  }
  if (file.version !== EXPORT_VERSION) {
    throw new Error(`Export format version ${String(file.version)} is not supported (expected 1).`)
  }
  for (const [name, rows] of Object.entries(file.tables)) {
    if (!Array.isArray(rows)) throw new Error(`Table ${name} in the export is not a list of rows.`)
  }
  return file as PortableExport
}

// Data from a newer app, or with columns this database lacks, would be cut short: refuse it.
function checkFits(file: PortableExport, shapes: TableShape[], migrations: string[]) {
  const newer = (file.migrations ?? []).filter((name) => !migrations.includes(name))
  if (newer.length > 0) {
    throw new Error(`The export needs migration ${newer.join(', ')}: upgrade the app first.`)
  }
  for (const [name, rows] of Object.entries(file.tables)) {
    const shape = shapes.find((s) => s.name === name)
    if (!shape) throw new Error(`The export has a table '${name}' this database does not have.`)
    const known = new Set(shape.columns.map((column) => column.name))
    for (const row of rows) {
      const extra = Object.keys(row).find((key) => !known.has(key))
      if (extra) throw new Error(`Column ${name}.${extra} of the export is not in this database.`)
    }
  }
}

// Batches keep each statement under the engines' parameter limits and file blobs in bounds.
const MAX_PARAMETERS = 5_000
const MAX_BATCH_BYTES = 8 * 1024 * 1024

async function insertRows(tx: Executor, shape: TableShape, rows: Row[], dialect: Dialect) {
  const names = new Set(rows.flatMap((row) => Object.keys(row)))
  const columns = shape.columns.filter((column) => names.has(column.name))
  let batch: Row[] = []
  let bytes = 0
  const flush = async () => {
    if (batch.length > 0) await tx.insertInto(shape.name).values(batch).execute()
    batch = []
    bytes = 0
  }
  for (const row of rows) {
    const values: Row = {}
    for (const column of columns) {
      values[column.name] = importValue(column, row[column.name], dialect)
      const value = values[column.name]
      bytes += value instanceof Uint8Array ? value.length : String(value).length
    }
    batch.push(values)
    if ((batch.length + 1) * columns.length > MAX_PARAMETERS || bytes > MAX_BATCH_BYTES) {
      await flush()
    }
  }
  await flush()
}

// Rows arrive with their ids, so PostgreSQL's sequences must move past them or the next insert
// would collide. (SQLite's AUTOINCREMENT follows explicit ids by itself.)
async function moveSequences(tx: Executor, shapes: TableShape[]) {
  for (const shape of shapes) {
    for (const column of shape.columns.filter((c) => c.serial)) {
      const table = `"${shape.name}"`
      await sql`
        select setval(
          pg_get_serial_sequence(${table}, ${column.name}),
          coalesce((select max(${sql.ref(column.name)}) from ${sql.table(shape.name)}), 0) + 1,
          false)`.execute(tx)
    }
  }
}
