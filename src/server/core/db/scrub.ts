import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '#server/core/db/schema'
import type { WriteTx } from '#server/core/db/write-transaction'

// Erasing a person (issue 30): their details are replaced by a neutral marker wherever they were
// written into text (a letter's body, a log entry's value), leaving the rest of the text as it
// was. SQL's replace() is the same on both engines and runs where the rows are, so a log of
// 100,000 entries is never read into the server to be searched.

// Kysely cannot follow a table and columns chosen at run time: the query sees one loose table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<{ row: Record<string, any> }>

/** The forms a detail is found in: as written, in lower case (e-mail addresses) and in capitals. */
export function detailForms(details: readonly string[]): string[] {
  const forms = details
    .map((detail) => detail.trim())
    // Shorter than three characters a "detail" would match inside ordinary words.
    .filter((detail) => detail.length >= 3)
    .flatMap((detail) => [detail, detail.toLowerCase(), detail.toUpperCase()])
  // Longest first: a whole address goes before the street name within it.
  return [...new Set(forms)].sort((a, b) => b.length - a.length)
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * In `table`, replaces each of `details` by `marker` in the text `columns` of the rows `where`
 * picks (every row without it). One statement, so the table is read once however many details
 * and columns there are: each column becomes replace(replace(…)), on the rows where any holds any.
 */
export async function scrubText<T extends keyof Database>(
  tx: WriteTx,
  table: T,
  columns: ReadonlyArray<keyof Database[T] & string>,
  details: readonly string[],
  marker: string,
  where?: { column: keyof Database[T] & string; in: readonly (string | number)[] },
): Promise<void> {
  const forms = detailForms(details)
  if (forms.length === 0 || (where && where.in.length === 0)) return
  const replaced = (column: string) =>
    forms.reduce<RawBuilder<unknown>>(
      (text, form) => sql`replace(${text}, ${form}, ${marker})`,
      sql`${sql.ref(column)}`,
    )
  const holdsAny = sql.join(
    columns.flatMap((column) =>
      forms.map((form) => sql`${sql.ref(column)} like ${likeEscaped(form)} escape '\\'`),
    ),
    sql` or `,
  )
  let query = (tx as unknown as Loose)
    .updateTable(table as 'row')
    .set(Object.fromEntries(columns.map((column) => [column, replaced(column)])))
    .where(sql<boolean>`(${holdsAny})`)
  if (where) query = query.where(where.column as string, 'in', [...where.in])
  await query.execute()
}
