import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import type { Database } from '#server/core/db/schema'
import { withStatementCache } from '#server/core/db/statement-cache'
import { PreparingClient } from '#server/core/db/prepared-statements'

export type Dialect = 'sqlite' | 'postgres'

export interface Db {
  kysely: Kysely<Database>
  dialect: Dialect
  /** The SQLite file, when the engine is SQLite (backups need it). */
  file?: string
  /** The PostgreSQL schema in use when not the default one. */
  schema?: string
  /** PostgreSQL: the connections, which a write takes one of for its transaction (pipelined). */
  pool?: pg.Pool
  destroy(): Promise<void>
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined
  dataDir: string
  /** PostgreSQL schema to work in (tests use a fresh one each). */
  pgSchema?: string
}

// Numeric columns come back as numbers, not strings: our counts and ids fit easily.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))

export function openDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema)
  return openSqlite(path.join(options.dataDir, 'allotment.sqlite'))
}

function openSqlite(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  // WAL lets readers run beside the writer; FULL sync means an acknowledged write survives a
  // power cut; the busy timeout covers a backup or a second process holding the lock briefly.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  // A deleted or overwritten row is zeroed in the file, not left in a free page: an erased
  // person's details must not be found there (issue 30).
  sqlite.pragma('secure_delete = ON')
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  })
  return { kysely, dialect: 'sqlite', file, destroy: () => kysely.destroy() }
}

function openPostgres(connectionString: string, schema?: string): Db {
  // Pipelined: a write sends the statements it has ready together and waits once for their answers
  // (write-transaction.ts); a lone query (every read outside a write) is sent and answered as ever.
  const pool = new pg.Pool({
    connectionString,
    Client: PreparingClient,
    max: 10,
    pipeline: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  // An idle connection the server ends (a restart, a dropped database) is an 'error' on the pool:
  // unheard, it would end the process. The pool drops that client and the next query opens another.
  pool.on('error', () => undefined)
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    kysely,
    dialect: 'postgres',
    pool,
    ...(schema ? { schema } : {}),
    destroy: () => kysely.destroy(),
  }
}
