import type { Insertable } from 'kysely'
import type { Database } from '#server/core/db/schema'
import type { Statement, WriteTx } from '#server/core/db/write-transaction'

// SQLite allows 32,766 parameters a statement and PostgreSQL 65,535: many rows go in as few
// statements as stay under both, so that thousands of rows cost tens of round trips.
const MAX_PARAMETERS = 30_000
const MAX_ROWS = 1_000

/** The inserts of many rows, as few statements as the engines allow, not yet sent. */
export function batchedInserts<T extends keyof Database & string>(
  tx: WriteTx,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Statement[] {
  if (rows.length === 0) return []
  const columns = Object.keys(rows[0]!).length
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns)))
  const statements: Statement[] = []
  for (let start = 0; start < rows.length; start += size) {
    // Kysely cannot follow a table chosen by a type parameter; the rows are typed by it above.
    statements.push(tx.insertInto(table).values(rows.slice(start, start + size) as never))
  }
  return statements
}

export async function insertInBatches<T extends keyof Database & string>(
  tx: WriteTx,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  for (const insert of batchedInserts(tx, table, rows)) await insert.execute()
}
