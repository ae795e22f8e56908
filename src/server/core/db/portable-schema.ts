import { sql, type Kysely } from 'kysely'
import type { Dialect } from '#server/core/db/database'

// What the portable export needs to know about each table, read from the live database so that
// a table or column added by a later migration (or a better-auth upgrade) travels without code
// changes, in an order that keeps foreign keys whole.

export type ColumnKind = 'plain' | 'boolean' | 'date' | 'bytes'

export interface Column {
  name: string
  kind: ColumnKind
  /** PostgreSQL: filled from a sequence (serial), which an import must move past its rows. */
  serial: boolean
}

export interface TableShape {
  name: string
  columns: Column[]
  primaryKey: string[]
}

// The order tables are listed in when foreign keys leave a choice: auth first, then the
// association. Tables not named here (added by a later migration) follow by name; either way a
// parent always comes before the tables that reference it.
const PREFERRED_ORDER = [
  'user',
  'session',
  'account',
  'verification',
  'rateLimit',
  'app_settings',
  'people',
  'plots',
  'tenancy',
  'logs',
  'files',
  'land_documents',
  'enquiries',
]

// better-auth's boolean fields. PostgreSQL declares them boolean, but SQLite declares them
// integer, so on SQLite the name is the only clue; the PostgreSQL side checks the list is whole.
const BOOLEAN_COLUMNS: Record<string, string[]> = {
  user: ['emailVerified', 'disabled', 'mustChangePassword'],
}

// Kysely's own bookkeeping is not data: the target runs its own migrations.
const isBookkeeping = (name: string) => name.startsWith('kysely_') || name.startsWith('sqlite_')

// Any executor: a Kysely instance or a transaction, whatever its table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Executor = Kysely<any>

/** Every data table, parents before children: insert in this order, delete in the reverse. */
export async function readShapes(db: Executor, dialect: Dialect): Promise<TableShape[]> {
  const postgres = dialect === 'postgres'
  const shapes = postgres ? await postgresShapes(db) : await sqliteShapes(db)
  const references = postgres ? await postgresReferences(db) : await sqliteReferences(db, shapes)
  return parentsFirst(shapes, references)
}

interface Reference {
  child: string
  parent: string
}

function parentsFirst(shapes: TableShape[], references: Reference[]): TableShape[] {
  const rank = (name: string) => {
    const index = PREFERRED_ORDER.indexOf(name)
    return index === -1 ? PREFERRED_ORDER.length : index
  }
  const pending = [...shapes].sort(
    (a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : 1),
  )
  const placed: TableShape[] = []
  while (pending.length > 0) {
    const ready = pending.findIndex((shape) =>
      references.every(
        (r) =>
          r.child !== shape.name ||
          r.parent === shape.name ||
          placed.some((p) => p.name === r.parent),
      ),
    )
    if (ready === -1) {
      const names = pending.map((shape) => shape.name).join(', ')
      throw new Error(`Foreign keys form a cycle among ${names}.`)
    }
    placed.push(...pending.splice(ready, 1))
  }
  return placed
}

async function sqliteReferences(db: Executor, shapes: TableShape[]): Promise<Reference[]> {
  const references: Reference[] = []
  for (const { name } of shapes) {
    const keys = await sql<{ table: string }>`
      select "table" from pragma_foreign_key_list(${name})`.execute(db)
    references.push(...keys.rows.map((key) => ({ child: name, parent: key.table })))
  }
  return references
}

async function postgresReferences(db: Executor): Promise<Reference[]> {
  const keys = await sql<Reference>`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db)
  return keys.rows
}

async function sqliteShapes(db: Executor): Promise<TableShape[]> {
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' order by name`.execute(db)
  const shapes: TableShape[] = []
  for (const { name } of tables.rows.filter((table) => !isBookkeeping(table.name))) {
    const info = await sql<{ name: string; type: string; pk: number }>`
      select name, type, pk from pragma_table_info(${name})`.execute(db)
    const booleans = BOOLEAN_COLUMNS[name] ?? []
    shapes.push({
      name,
      columns: info.rows.map((column) => ({
        name: column.name,
        kind: booleans.includes(column.name) ? 'boolean' : sqliteKind(column.type),
        serial: false,
      })),
      primaryKey: info.rows
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
    })
  }
  return shapes
}

function sqliteKind(declared: string): ColumnKind {
  const type = declared.toLowerCase()
  if (type === 'date' || type.startsWith('timestamp') || type === 'datetime') return 'date'
  if (type === 'blob') return 'bytes'
  return 'plain'
}

interface PgColumn {
  table_name: string
  column_name: string
  data_type: string
  column_default: string | null
}

async function postgresShapes(db: Executor): Promise<TableShape[]> {
  const columns = await sql<PgColumn>`
    select c.table_name, c.column_name, c.data_type, c.column_default
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db)
  const keys = await sql<{ table_name: string; column_name: string }>`
    select k.table_name, k.column_name
    from information_schema.table_constraints c
    join information_schema.key_column_usage k
      on k.constraint_schema = c.constraint_schema and k.constraint_name = c.constraint_name
    where c.table_schema = current_schema() and c.constraint_type = 'PRIMARY KEY'
    order by k.table_name, k.ordinal_position`.execute(db)

  const shapes = new Map<string, TableShape>()
  for (const row of columns.rows) {
    if (isBookkeeping(row.table_name)) continue
    const shape = shapes.get(row.table_name) ?? {
      name: row.table_name,
      columns: [],
      primaryKey: [],
    }
    shapes.set(row.table_name, shape)
    const kind = postgresKind(row.data_type)
    if (kind === 'boolean' && !(BOOLEAN_COLUMNS[row.table_name] ?? []).includes(row.column_name)) {
      throw new Error(
        `Boolean column ${row.table_name}.${row.column_name} is missing from BOOLEAN_COLUMNS ` +
          '(src/server/core/db/portable-schema.ts); SQLite could not tell it from a number.',
      )
    }
    shape.columns.push({
      name: row.column_name,
      kind,
      serial: row.column_default?.startsWith('nextval(') ?? false,
    })
  }
  for (const key of keys.rows) shapes.get(key.table_name)?.primaryKey.push(key.column_name)
  return [...shapes.values()]
}

function postgresKind(type: string): ColumnKind {
  if (type === 'boolean') return 'boolean'
  if (type.startsWith('timestamp') || type === 'date') return 'date'
  if (type === 'bytea') return 'bytes'
  return 'plain'
}
