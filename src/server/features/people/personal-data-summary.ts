import { penceText } from '#shared/domain/money'
import { personalDataSummaryMessages as words } from '#shared/messages/personal-data-summary'

// The readable half of a person's copy of their data: one HTML page, a section for each part,
// a table for each list. Every value is escaped; nothing is fetched (no scripts, no styles
// from elsewhere), so it opens the same anywhere, years later.

const MONEY = new Set(['amount', 'paid', 'refunded', 'writtenOff', 'outstanding'])
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!)

type Row = Record<string, unknown>
const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function cell(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? words.yes : words.no
  if (typeof value === 'number') return MONEY.has(key) ? penceText(value) : String(value)
  if (typeof value === 'string') return escape(value).replaceAll('\n', '<br>')
  if (Array.isArray(value) && value.every(isRow)) return value.length ? table(value) : '—'
  return escape(JSON.stringify(value))
}

function table(rows: Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))]
  const head = columns.map((column) => `<th scope="col">${escape(column)}</th>`).join('')
  const body = rows
    .map((row) => `<tr>${columns.map((c) => `<td>${cell(c, row[c])}</td>`).join('')}</tr>`)
    .join('\n')
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`
}

function section(key: string, value: unknown): string {
  const title = `<h2>${escape(words.sections[key] ?? key)}</h2>`
  if (value === null || (Array.isArray(value) && value.length === 0))
    return `${title}\n<p>${words.nothingKept}</p>`
  if (Array.isArray(value)) return `${title}\n${table(value.filter(isRow))}`
  if (isRow(value)) {
    const entries = Object.entries(value).map(
      ([name, field]) => `<dt>${escape(name)}</dt><dd>${cell(name, field)}</dd>`,
    )
    return `${title}\n<dl>\n${entries.join('\n')}\n</dl>`
  }
  return `${title}\n<p>${cell(key, value)}</p>`
}

export interface Summary {
  name: string
  association: string
  madeOn: string
  data: Row
}

/** The summary page of a person's data, every part of `data` a section in its order. */
export function summaryHtml({ name, association, madeOn, data }: Summary): string {
  const title = escape(words.summaryTitle(name, association))
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body { font-family: sans-serif; margin: 1rem; line-height: 1.4; }
table { border-collapse: collapse; margin-bottom: 1rem; }
th, td { border: 1px solid #999; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
dt { font-weight: bold; }
dd { margin: 0 0 0.5rem 0; }
</style>
</head>
<body>
<h1>${title}</h1>
<p>${escape(words.summaryIntro(madeOn))}</p>
${Object.entries(data)
  .map(([key, value]) => section(key, value))
  .join('\n')}
</body>
</html>
`
}
