import { describe, expect, it } from 'vitest'
import { commonMessages } from '#shared/messages/common'
import { eachCsvRow, MAX_CSV_CELLS } from '#server/core/http/read-csv'

const rows = (text: string) => {
  const read: string[][] = []
  eachCsvRow(text, { delimiter: ',', newline: '\n' }, (cells) => void read.push(cells))
  return read
}

// Issue 42: a row of millions of empty cells (20 MB of commas) was gathered into an array the
// size of the file, seconds of a busy processor; a row wider than any register or statement is
// refused as it grows, quoted cells or not.
describe('reading a CSV file', () => {
  it(`reads a row of ${MAX_CSV_CELLS} cells, and refuses one more`, () => {
    expect(rows(','.repeat(MAX_CSV_CELLS - 1))[0]).toHaveLength(MAX_CSV_CELLS)
    for (const wide of [',', '"",'].map((cell) => cell.repeat(MAX_CSV_CELLS) + 'x'))
      expect(() => rows(wide)).toThrow(commonMessages.tooManyCells(MAX_CSV_CELLS))
  })
})
