import type { StatementColumns, StatementLayout } from '#shared/schemas/rent'

// Where a statement's date, amount and words are, in the layouts UK banks export. A bank whose
// export has a heading row is known by its headings (it may put lines about the account above
// them); one without is known by its shape. A statement whose headings are none of these, but
// say what they are in words banks use, is read by those words. Anything else the committee
// maps once, and the mapping is kept under the bank's name (a `StatementLayout`).

/** The columns of a statement, found: by index, and the row of its headings (if it has one). */
export interface StatementColumnsFound {
  /** The bank's name, or the committee's name for the layout. */
  name: string | null
  date: number
  amount?: number | undefined
  /** Money in and out: read instead of the amount when there is a money in column. */
  moneyIn?: number | undefined
  moneyOut?: number | undefined
  /** The columns whose words are read together as the line's reference: payee, then reference. */
  text: number[]
  balance?: number | undefined
  /** A column the bank fills with each transaction's own id. */
  id?: number | undefined
  headingRow: number | null
}

interface HeadingLayout {
  name: string | null
  /** A bank's whole heading row: only a row of these headings, all of them, is named the bank's. */
  headings?: readonly string[]
  date: readonly string[]
  amount?: readonly string[]
  moneyIn?: readonly string[]
  moneyOut?: readonly string[]
  text: readonly string[]
  balance?: readonly string[]
  id?: readonly string[]
}

// Each bank's own headings, as its export writes them (compared without case or spacing).
export const BANK_PRESETS: readonly HeadingLayout[] = [
  {
    name: 'Monzo',
    headings: [
      'transaction id',
      'date',
      'time',
      'type',
      'name',
      'emoji',
      'category',
      'amount',
      'currency',
      'local amount',
      'local currency',
      'notes and #tags',
      'address',
      'receipt',
      'description',
      'category split',
      'money out',
      'money in',
    ],
    date: ['date'],
    moneyIn: ['money in'],
    moneyOut: ['money out'],
    text: ['name', 'notes and #tags', 'description'],
    id: ['transaction id'],
  },
  {
    name: 'Starling',
    headings: [
      'date',
      'counter party',
      'reference',
      'type',
      'amount (gbp)',
      'balance (gbp)',
      'spending category',
      'notes',
    ],
    date: ['date'],
    amount: ['amount (gbp)'],
    text: ['counter party', 'reference'],
    balance: ['balance (gbp)'],
  },
  {
    name: 'Lloyds or Halifax',
    headings: [
      'transaction date',
      'transaction type',
      'sort code',
      'account number',
      'transaction description',
      'debit amount',
      'credit amount',
      'balance',
    ],
    date: ['transaction date'],
    moneyIn: ['credit amount'],
    moneyOut: ['debit amount'],
    text: ['transaction description'],
    balance: ['balance'],
  },
  {
    name: 'NatWest or RBS',
    headings: ['date', 'type', 'description', 'value', 'balance', 'account name', 'account number'],
    date: ['date'],
    amount: ['value'],
    text: ['description'],
    balance: ['balance'],
  },
  {
    name: 'Nationwide',
    headings: ['date', 'transaction type', 'description', 'paid out', 'paid in', 'balance'],
    date: ['date'],
    moneyIn: ['paid in'],
    moneyOut: ['paid out'],
    text: ['description'],
    balance: ['balance'],
  },
  {
    name: 'CAF Bank',
    headings: ['date', 'transaction type', 'details', 'payments', 'receipts', 'balance'],
    date: ['date'],
    moneyIn: ['receipts'],
    moneyOut: ['payments'],
    text: ['details'],
    balance: ['balance'],
  },
  {
    name: 'Unity Trust',
    headings: ['date', 'description', 'type', 'money in', 'money out', 'balance'],
    date: ['date'],
    moneyIn: ['money in'],
    moneyOut: ['money out'],
    text: ['description'],
    balance: ['balance'],
  },
  {
    name: 'Barclays',
    headings: ['number', 'date', 'account', 'amount', 'subcategory', 'memo'],
    date: ['date'],
    amount: ['amount'],
    text: ['memo'],
  },
]

// Any other export whose headings say what they are in the words banks use.
const WORDS: HeadingLayout = {
  name: null,
  date: ['date', 'transaction date', 'posting date', 'value date', 'completed date'],
  amount: ['amount', 'value', 'amount (gbp)', 'amount gbp', 'amount (£)', 'amount £'],
  moneyIn: ['paid in', 'money in', 'credit', 'credits', 'credit amount', 'receipts', 'in'],
  moneyOut: ['paid out', 'money out', 'debit', 'debits', 'debit amount', 'payments', 'out'],
  text: [
    'payee',
    'name',
    'counter party',
    'counterparty',
    'reference',
    'description',
    'transaction description',
    'details',
    'memo',
    'narrative',
    'notes',
  ],
  balance: ['balance', 'running balance'],
}

// HSBC exports three columns and no headings: the date, the description, the signed amount.
const HSBC: StatementLayout = {
  name: 'HSBC',
  columnCount: 3,
  columns: { date: 0, reference: 1, amount: 2 },
}

const normal = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, ' ')

function byHeadings(
  headings: readonly string[],
  layout: HeadingLayout,
  row: number,
): StatementColumnsFound | undefined {
  const find = (names: readonly string[] | undefined) => {
    if (!names) return undefined
    const index = headings.findIndex((heading) => names.includes(heading))
    return index === -1 ? undefined : index
  }
  const date = find(layout.date)
  const amount = find(layout.amount)
  const moneyIn = find(layout.moneyIn)
  const moneyOut = find(layout.moneyOut)
  const text = layout.text.flatMap((name) => {
    const index = headings.indexOf(name)
    return index === -1 ? [] : [index]
  })
  // A bank's own layout is all of its words' headings; the words of any other need only a date,
  // money and a reference. It is named the bank's only when the row is the bank's heading row
  // exactly: a file read by a bank's columns is not therefore that bank's ("Read as Unity Trust"
  // was said of a statement that was not).
  const whole = layout.name === null || layout.text.every((name) => headings.includes(name))
  const money = amount !== undefined || moneyIn !== undefined
  if (date === undefined || !money || text.length === 0 || !whole) return undefined
  const written = new Set(headings.filter((heading) => heading !== ''))
  const exactly =
    layout.headings !== undefined &&
    written.size === layout.headings.length &&
    layout.headings.every((heading) => written.has(heading))
  return {
    name: exactly ? layout.name : null,
    date,
    amount,
    moneyIn,
    moneyOut,
    text: [...new Set(text)],
    balance: find(layout.balance),
    id: find(layout.id),
    headingRow: row,
  }
}

/** A layout kept by index (HSBC's, or one the committee mapped) as the columns it finds. */
export function columnsOf(layout: {
  name: string
  columns: StatementColumns
}): StatementColumnsFound {
  const { columns } = layout
  return {
    name: layout.name,
    date: columns.date,
    amount: columns.amount,
    moneyIn: columns.moneyIn,
    moneyOut: columns.moneyOut,
    text: [columns.payee, columns.reference].filter((index) => index !== undefined),
    headingRow: null,
  }
}

// Lines about the account come first in some exports; the headings are within the first few.
const HEADING_SEARCH = 30

/**
 * The columns of a statement's rows: a bank's headings, headings in banks' words, then (with no
 * heading row) a layout of the file's width: the committee's own first, then HSBC's.
 */
export function recogniseColumns(
  rows: readonly string[][],
  saved: readonly StatementLayout[],
): StatementColumnsFound | undefined {
  for (const [row, cells] of rows.slice(0, HEADING_SEARCH).entries()) {
    const headings = cells.map(normal)
    // The bank whose heading row it is, else the first whose columns it has, else banks' words.
    const found = [...BANK_PRESETS, WORDS].flatMap(
      (layout) => byHeadings(headings, layout, row) ?? [],
    )
    const best = found.find((columns) => columns.name !== null) ?? found[0]
    if (best) return best
  }
  const width = Math.max(0, ...rows.slice(0, HEADING_SEARCH).map((cells) => cells.length))
  const fits = [...saved, HSBC].find((layout) => layout.columnCount === width)
  return fits && columnsOf(fits)
}
