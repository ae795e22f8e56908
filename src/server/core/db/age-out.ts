import { sql, type Kysely } from 'kysely'
import type { Database } from '#server/core/db/schema'
import type { Db } from '#server/core/db/database'
import { writeTransaction, type ReadTx } from '#server/core/db/write-transaction'

// Retention (issue 30): rows older than their period are deleted, each feature naming its own
// table and the column that dates a row. A log of 100,000 entries six years deep is deleted a
// batch at a time, each batch its own short write, so that the association's own changes are
// never kept waiting behind it.

// Kysely cannot follow a table chosen at run time: the queries see one loose table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<{ row: Record<string, any> }>

export interface Ageing<T extends keyof Database> {
  table: T
  /** The column that dates a row, as ISO text: compared with the cut-off day. */
  datedBy: keyof Database[T] & string
}

/** Any table's: each kind of record that ages out, in one list. */
export type AnyAgeing = { [T in keyof Database]: Ageing<T> }[keyof Database]

const BATCH = 1000

const loose = ({ table, datedBy }: AnyAgeing) => ({
  table: table as 'row',
  datedBy: datedBy as string,
})

/** How many rows are older than `before` (a day: rows of that day stay). */
export async function countOlderThan(
  tx: ReadTx,
  ageing: AnyAgeing,
  before: string,
): Promise<number> {
  const { table, datedBy } = loose(ageing)
  const row = await (tx as unknown as Loose)
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('count'))
    .where(datedBy, '<', before)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Deletes the rows older than `before`, a batch a write; how many went. */
export async function deleteOlderThan(db: Db, ageing: AnyAgeing, before: string): Promise<number> {
  const { table, datedBy } = loose(ageing)
  let deleted = 0
  for (;;) {
    // The oldest batch by the dating column (indexed where the table is large); a batch may run
    // over where rows share a moment, and still holds only rows past their period.
    const batch = await writeTransaction(db, async (tx) => {
      const rows = tx as unknown as Loose
      const result = await rows
        .deleteFrom(table)
        .where(
          datedBy,
          'in',
          rows
            .selectFrom(table)
            .select(datedBy)
            .where(datedBy, '<', before)
            .orderBy(datedBy)
            .limit(BATCH),
        )
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    })
    deleted += batch
    if (batch < BATCH) return deleted
  }
}
