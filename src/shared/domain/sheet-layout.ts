import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { importMessages } from '#shared/messages/import'
import {
  IMPORT_FIELDS,
  IMPORT_MAX_TABLES,
  type RowChoice,
} from '#shared/schemas/spreadsheet-import'

// A sheet as a committee keeps it: a title and an "Updated by …" line above the headings, blank
// rows, and perhaps a second table further down (the waiting list below the plots) with headings
// of its own. Its rows are read here as tables: each table starts at a row that looks like
// headings (mostly words we know as headings), and takes the rows down to the next. Pure, and
// linear in the rows, so that the worker reading an upload can run it.

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (from 1). */
  row: number
  cells: string[]
}

export interface SheetTable {
  /** The row of its headings. */
  headings: number
  /** The one-cell row above its headings ("Waiting list"), or ''. */
  title: string
  columns: string[]
  rows: SheetRow[]
  /** Rows near its headings that the secretary may choose as the headings instead. */
  choices: RowChoice[]
}

// The first table's headings are looked for among the sheet's first rows with values.
const FIRST_HEADINGS_WITHIN = 30
// A table's title: up to this many one-cell rows straight above its headings.
const TITLE_ROWS = 3
// The rows offered as another choice of headings: some above the headings and some below.
const CHOICES_ABOVE = 10
const CHOICES_BELOW = 5
const CHOICE_TEXT = 80
// No heading is longer: a longer cell is not looked up.
const HEADING_MAX = 60

/** A heading as headings are compared: lower case, punctuation as spaces. */
export const normalisedHeading = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{Nd}²?]+/gu, ' ')
    .trim()

const KNOWN = new Set(
  [
    ...Object.values(IMPORT_FIELDS).flatMap((fields) =>
      fields.flatMap((field) => [field.label, field.key, ...field.aliases]),
    ),
    'date',
    'no',
    'number',
  ].map(normalisedHeading),
)

/** A, B, ... Z, AA: how spreadsheets name column `index` (from 0). */
export function columnLetter(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  }
  return name
}

// A blank heading is named by its letter and a repeated one numbered, so that every column can
// be chosen by name.
function headingsOf(cells: readonly string[]): string[] {
  const seen = new Map<string, number>()
  return cells.map((cell, index) => {
    const heading = cell.trim() || `Column ${columnLetter(index)}`
    const count = (seen.get(heading) ?? 0) + 1
    seen.set(heading, count)
    return count > 1 ? `${heading} (${count})` : heading
  })
}

interface Score {
  filled: number
  known: number
}

function scoreOf(cells: readonly string[]): Score {
  let filled = 0
  let known = 0
  for (const cell of cells) {
    if (!cell.trim()) continue
    filled++
    if (cell.length <= HEADING_MAX && KNOWN.has(normalisedHeading(cell))) known++
  }
  return { filled, known }
}

// Headings: at least two words we know as headings, and most of the row.
const looksLikeHeadings = ({ filled, known }: Score) => known >= 2 && known * 2 >= filled

const filledCells = (cells: readonly string[]) => cells.map((cell) => cell.trim()).filter(Boolean)

function sameCells(a: readonly string[], b: readonly string[]) {
  const [x, y] = [filledCells(a), filledCells(b)]
  return x.length === y.length && x.every((cell, i) => cell === y[i])
}

// The first table's headings: the first row that looks like headings, else the first of two
// values or more, else the first row.
function firstHeadings(scores: readonly Score[]): number {
  const near = scores.slice(0, FIRST_HEADINGS_WITHIN)
  const known = near.findIndex(looksLikeHeadings)
  if (known >= 0) return known
  const wide = near.findIndex((score) => score.filled >= 2)
  return Math.max(wide, 0)
}

// The next row after `after` that looks like headings other than the table's own (a heading row
// repeated, as a printed sheet repeats it, is no new table).
function nextHeadings(rows: readonly SheetRow[], scores: readonly Score[], after: number) {
  for (let at = after + 1; at < rows.length; at++) {
    if (looksLikeHeadings(scores[at]!) && !sameCells(rows[at]!.cells, rows[after]!.cells)) return at
  }
  return undefined
}

const rowText = (cells: readonly string[]) => {
  const text = filledCells(cells).join(', ')
  return text.length > CHOICE_TEXT ? `${text.slice(0, CHOICE_TEXT - 1)}…` : text
}

/**
 * The tables of a sheet's rows (those with values, in order). `chosen` gives a table's headings
 * row where the secretary chose it, by the table's place; the others are found. A row chosen must
 * have values and be below the headings of the table before.
 */
export function tablesOf(
  rows: readonly SheetRow[],
  chosen: ReadonlyArray<number | undefined> = [],
): Outcome<SheetTable[]> {
  if (rows.length === 0) return ok([])
  const scores = rows.map((row) => scoreOf(row.cells))
  const indexOf = new Map(rows.map((row, index) => [row.row, index]))
  // Each table's headings (an index into rows), and whether the secretary chose it.
  const starts: Array<{ at: number; chosen: boolean }> = []
  for (let table = 0; table < IMPORT_MAX_TABLES; table++) {
    const pick = chosen[table]
    const after = starts.at(-1)?.at
    let at: number | undefined
    if (pick !== undefined) {
      at = indexOf.get(pick)
      if (at === undefined) return refuse(importMessages.headingsRowBlank(pick))
      if (after !== undefined && at <= after)
        return refuse(importMessages.headingsRowAbove(pick, table))
    } else {
      at = after === undefined ? firstHeadings(scores) : nextHeadings(rows, scores, after)
    }
    if (at === undefined) break
    starts.push({ at, chosen: pick !== undefined })
  }
  const tables: SheetTable[] = []
  let titleRows: SheetRow[] = rows.slice(0, starts[0]!.at)
  starts.forEach(({ at, chosen: wasChosen }, table) => {
    const end = starts[table + 1]?.at ?? rows.length
    const headings = rows[at]!
    let bodyEnd = end
    // One-cell rows straight above the next table's headings are its title.
    if (table + 1 < starts.length)
      while (bodyEnd - 1 > at && end - bodyEnd < TITLE_ROWS && scores[bodyEnd - 1]!.filled === 1)
        bodyEnd--
    const body = rows.slice(at + 1, bodyEnd).filter((row) => !sameCells(row.cells, headings.cells))
    const title = titleRows.find((row) => filledCells(row.cells).length === 1)
    titleRows = rows.slice(bodyEnd, end)
    // A table found with no rows under it was a title in the form of headings.
    if (body.length === 0 && !wasChosen) return
    const first = Math.max(starts[table - 1] ? starts[table - 1]!.at + 1 : 0, at - CHOICES_ABOVE)
    const last = Math.min(end, at + 1 + CHOICES_BELOW)
    tables.push({
      headings: headings.row,
      title: title ? filledCells(title.cells)[0]! : '',
      columns: headingsOf(headings.cells),
      rows: body,
      choices: rows.slice(first, last).map((row) => ({ row: row.row, text: rowText(row.cells) })),
    })
  })
  return ok(tables)
}
