import { describe, expect, it } from 'vitest'
import { toCsv, type Column } from '#server/core/http/csv'
import { parseCsv } from '#tests/helpers/csv'

const single: Column<string | number>[] = [{ header: 'Value', cell: (value) => value }]
const cellsOf = (values: Array<string | number>) =>
  parseCsv(toCsv(single, values))
    .slice(1)
    .map(([cell]) => cell)

// What csv-stringify's escape_formulas actually does, pinned so that an upgrade cannot quietly
// change it: a spreadsheet must never run a cell someone typed into a form.
describe('CSV downloads', () => {
  it('prefixes a single quote to text that a spreadsheet would take for a formula', () => {
    expect(
      cellsOf(['=HYPERLINK("http://evil")', '+44 1', '-1', '@SUM(A1)', '\tx', '\rx', '＝1']),
    ).toEqual(['\'=HYPERLINK("http://evil")', "'+44 1", "'-1", "'@SUM(A1)", "'\tx", "'\rx", "'＝1"])
  })

  it('leaves numbers and text with a sign further in as they are', () => {
    expect(cellsOf([-5, 45, 'a=b', 'Flat 1 - rear', ''])).toEqual([
      '-5',
      '45',
      'a=b',
      'Flat 1 - rear',
      '',
    ])
  })

  it('writes money as a number with two decimals, a refund unescaped, text beside it escaped', () => {
    const columns: Column<{ reference: string; pence: number }>[] = [
      { header: 'Reference', cell: (row) => row.reference },
      { header: 'Amount', cell: (row) => row.pence / 100, decimals: 2 },
    ]
    const rows = parseCsv(
      toCsv(columns, [
        { reference: '-1+2', pence: -1 },
        { reference: '=cmd', pence: 1200 },
        { reference: 'rent', pence: -10_000_000 },
      ]),
    )
    expect(rows).toEqual([
      ['Reference', 'Amount'],
      ["'-1+2", '-0.01'],
      ["'=cmd", '12.00'],
      ['rent', '-100000.00'],
    ])
  })

  it('keeps an address typed on several lines in one cell, and quotes and commas intact', () => {
    expect(cellsOf(['1 Garden Row\nRiverside', 'say "hello", twice'])).toEqual([
      '1 Garden Row\nRiverside',
      'say "hello", twice',
    ])
  })

  it('starts with a BOM and the headings, and ends every record with CRLF', () => {
    const text = toCsv(single, ['Zoë'])
    expect(text).toBe('\uFEFFValue\r\nZoë\r\n')
  })
})
