import { sql, type Kysely, type RawBuilder, type SelectType } from 'kysely'
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

/** A LIKE pattern for text holding `text` anywhere, with LIKE's own characters escaped (`escape '\\'`). */
export const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

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
  await scrubbing(tx, table, columns, details, marker, where)?.execute()
}

/** Tables whose rows have an id. */
export type WithId = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never
}[keyof Database]

/** A row's id as read from the table. */
export type IdOf<T extends WithId> = Database[T] extends { id: infer Id } ? SelectType<Id> : never

/**
 * The same as scrubText, over every row of the table, and which rows it changed, by id: where
 * something kept outside the table was made from them (an e-mail in the outbox).
 */
export async function scrubTextOfRows<T extends WithId>(
  tx: WriteTx,
  table: T,
  columns: ReadonlyArray<keyof Database[T] & string>,
  details: readonly string[],
  marker: string,
): Promise<Array<IdOf<T>>> {
  const query = scrubbing(tx, table, columns, details, marker)
  if (!query) return []
  const rows = await query.returning(sql<IdOf<T>>`id`.as('id')).execute()
  return rows.map((row) => row.id as IdOf<T>)
}

function scrubbing<T extends keyof Database>(
  tx: WriteTx,
  table: T,
  columns: ReadonlyArray<keyof Database[T] & string>,
  details: readonly string[],
  marker: string,
  where?: { column: keyof Database[T] & string; in: readonly (string | number)[] },
) {
  const forms = detailForms(details)
  if (forms.length === 0 || (where && where.in.length === 0)) return undefined
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
  return query
}

/** Details to replace, wherever they stand in a text, by a marker. */
export interface TextScrub {
  details: readonly string[]
  marker: string
}

// Words as the scrubber finds them in a text: runs of letters, digits and what joins them in a
// name, an address or an e-mail address. JSON's escaped line breaks part words, as the breaks did.
const BETWEEN_WORDS = /(?:\\[nrt]|[^\p{L}\p{N}@._+'-])+/u
const wordsOf = (text: string) => text.toLowerCase().split(BETWEEN_WORDS).filter(Boolean)

interface Searched {
  /** Its forms (as written, lower case, capitals), longest first, as scrubText replaces them. */
  forms: string[]
  lower: string
  marker: string
}

/**
 * The same replacement as scrubText, in memory, for many erasures over one reading of a large
 * table (retention's run over the log). Each detail is looked for only in the texts holding its
 * rarest word (among all the details: a postcode before the town every address shares), so
 * that a thousand people's details cost little more than one person's.
 */
export function textScrubber(scrubs: readonly TextScrub[]): (text: string) => string {
  const searched = scrubs.flatMap(({ details, marker }) =>
    details
      .filter((detail) => detail.trim().length >= 3)
      .map((detail) => ({
        words: [...new Set(wordsOf(detail))],
        detail: { forms: detailForms([detail]), lower: detail.toLowerCase(), marker },
      })),
  )
  const frequency = new Map<string, number>()
  for (const { words } of searched)
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1)
  const byWord = new Map<string, Searched[]>()
  for (const { words, detail } of searched) {
    const [rarest] = words.sort(
      (a, b) => frequency.get(a)! - frequency.get(b)! || b.length - a.length,
    )
    if (rarest) byWord.set(rarest, [...(byWord.get(rarest) ?? []), detail])
  }
  return (text) => {
    const lower = text.toLowerCase()
    const found = new Set<Searched>()
    for (const word of wordsOf(text))
      for (const detail of byWord.get(word) ?? [])
        if (lower.includes(detail.lower)) found.add(detail)
    // Longest first: a whole address before the street within it.
    const replacing = [...found].sort((a, b) => b.lower.length - a.lower.length)
    let scrubbed = text
    for (const { forms, marker } of replacing)
      for (const form of forms) scrubbed = scrubbed.split(form).join(marker)
    return scrubbed
  }
}
