import { sql } from 'kysely'
import type { Database } from '#server/core/db/schema'
import type { Db } from '#server/core/db/database'

/**
 * After an erasure: the old copies of the rows it overwrote leave the database's files. SQLite
 * zeroes what it frees (secure_delete, set when it opens); the write-ahead log still holds the
 * pages as they were, so it is checkpointed and truncated. PostgreSQL keeps dead rows until a
 * vacuum makes their space free, so the tables touched are vacuumed.
 */
export async function forgetOverwritten(db: Db, tables: ReadonlyArray<keyof Database>) {
  if (db.dialect === 'sqlite') {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.kysely)
    return
  }
  for (const table of tables) await sql`vacuum ${sql.table(table)}`.execute(db.kysely)
}
