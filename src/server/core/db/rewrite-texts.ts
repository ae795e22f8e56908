import { sql, type Kysely } from 'kysely'
import type { Database } from '#server/core/db/schema'
import type { IdOf, WithId } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// A large table's texts read in pieces and the rows that change written back (retention's one
// reading, for many erasures, of the log and of the copies of letters and e-mails), so that
// neither is ever read into the server whole nor held in one write.

// Kysely cannot follow a table and columns chosen at run time: the queries see one loose table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<{ row: Record<string, any> }>

/** Tables with a numbered id, read in its order. */
type Numbered = { [T in WithId]: IdOf<T> extends number ? T : never }[WithId]

/** A table's text columns (never null) that an erasure may have to rewrite. */
export interface TextColumns<T extends Numbered> {
  table: T
  columns: ReadonlyArray<keyof Database[T] & string>
}

/** Any table's: the tables read, in one list. */
export type AnyTextColumns = { [T in Numbered]: TextColumns<T> }[Numbered]

/** One row's id and its texts, by column. */
export type TextRow = { id: number; texts: Record<string, string> }

/** How many rows one statement rewrites: a few milliseconds of the writer's time. */
export const TEXTS_AT_ONCE = 200

const loose = (tx: ReadTx) => tx as unknown as Loose

const rowsOf = (rows: Array<Record<string, unknown>>, { columns }: AnyTextColumns): TextRow[] =>
  rows.map((row) => ({
    id: Number(row.id),
    texts: Object.fromEntries(columns.map((column) => [column, String(row[column])])),
  }))

/** The newest row's id: where a reading of the whole table stops. */
export async function newestId(tx: ReadTx, { table }: AnyTextColumns): Promise<number> {
  const row = await loose(tx)
    .selectFrom(table as 'row')
    .select(sql<number | null>`max(id)`.as('id'))
    .executeTakeFirst()
  return Number(row?.id ?? 0)
}

/** The rows after `afterId` up to `upToId`, `limit` of them, in the order of their ids. */
export async function textsBetween(
  tx: ReadTx,
  texts: AnyTextColumns,
  afterId: number,
  upToId: number,
  limit: number,
): Promise<TextRow[]> {
  const rows = await loose(tx)
    .selectFrom(texts.table as 'row')
    .select(['id', ...texts.columns])
    .where('id', '>', afterId)
    .where('id', '<=', upToId)
    .orderBy('id')
    .limit(limit)
    .execute()
  return rowsOf(rows, texts)
}

/** The rows of these ids, for writing them back changed. */
export async function textsOf(
  tx: ReadTx,
  texts: AnyTextColumns,
  ids: readonly number[],
): Promise<TextRow[]> {
  if (ids.length === 0) return []
  const rows = await loose(tx)
    .selectFrom(texts.table as 'row')
    .select(['id', ...texts.columns])
    .where('id', 'in', [...ids])
    .execute()
  return rowsOf(rows, texts)
}

/**
 * Writes rows' texts back: one statement for up to TEXTS_AT_ONCE of them, so that a retention
 * run's thousands of rewrites are not as many round trips to PostgreSQL.
 */
export async function rewriteTexts(
  tx: WriteTx,
  texts: AnyTextColumns,
  rows: readonly TextRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += TEXTS_AT_ONCE) {
    const some = rows.slice(start, start + TEXTS_AT_ONCE)
    const byId = (column: string) =>
      sql<string>`case ${sql.ref('id')} ${sql.join(
        some.map((row) => sql`when ${row.id} then ${row.texts[column]}`),
        sql` `,
      )} end`
    await loose(tx)
      .updateTable(texts.table as 'row')
      .set(Object.fromEntries(texts.columns.map((column) => [column, byId(column)])))
      .where(
        'id',
        'in',
        some.map((row) => row.id),
      )
      .execute()
  }
}
