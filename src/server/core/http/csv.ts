import { stringify } from 'csv-stringify/sync'

/** One column of a download: its heading, and the cell it takes from each item. */
export interface Column<T> {
  header: string
  cell: (item: T) => string | number
  /** A number written with this many decimals (money: 2, so 12 is 12.00); text is as it is. */
  decimals?: number
}

// The BOM makes Excel read the file as UTF-8 (accents in names and addresses); escape_formulas
// prefixes a quote to a text cell starting with =, +, -, @, tab or carriage return, so that a
// spreadsheet shows what someone typed into a form instead of running it. A number cell is left
// as it is (a refund's -0.01 must stay a number the books can add up), so money goes in as a
// number and is given its decimals by the cast, not by turning it into text first. Lines end in
// CRLF as RFC 4180 says; naming the record delimiter turns off quoting a lone line break unless
// asked, and an address typed on several lines must stay one cell.
// A file for another program to import (a bookkeeping package's bank lines) goes without the BOM,
// which such an importer may read as part of the first heading.
export function toCsv<T>(
  columns: readonly Column<T>[],
  items: readonly T[],
  { bom = true }: { bom?: boolean } = {},
): string {
  const header = columns.map((column) => column.header)
  const rows = items.map((item) => columns.map((column) => column.cell(item)))
  return stringify([header, ...rows], {
    bom,
    escape_formulas: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    cast: {
      number: (value, { column }) => {
        const decimals = typeof column === 'number' ? columns[column]?.decimals : undefined
        return decimals === undefined ? String(value) : value.toFixed(decimals)
      },
    },
  })
}
