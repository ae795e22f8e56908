import fs from 'node:fs/promises'
import { sql } from 'kysely'
import type { Db } from '#server/core/db/database'

/** What the database takes on disk, in bytes. */
export async function databaseBytes(db: Db): Promise<number> {
  if (db.dialect === 'postgres') {
    const result = await sql<{
      bytes: number
    }>`select pg_database_size(current_database()) as bytes`.execute(db.kysely)
    return Number(result.rows[0]?.bytes ?? 0)
  }
  // The file and its write-ahead log, which holds the latest commits until they are folded in.
  const sizes = await Promise.all(
    [db.file!, `${db.file}-wal`].map((file) =>
      fs.stat(file).then(
        (stat) => stat.size,
        () => 0,
      ),
    ),
  )
  return sizes.reduce((sum, size) => sum + size, 0)
}
