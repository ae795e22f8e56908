import { describe, expect, it } from 'vitest'
import { tablesOf, type SheetRow } from '#shared/domain/sheet-layout'
import { importMessages } from '#shared/messages/import'

// Issue 44, part 1: a register as a secretary keeps it, with a title and an "Updated by …" line
// above the headings, blank rows, and the waiting list as a second table below the plots.

// The rows with values, numbered as the spreadsheet numbers them (a blank row is a number left out).
const sheet = (rows: Record<number, string[]>): SheetRow[] =>
  Object.entries(rows).map(([row, cells]) => ({ row: Number(row), cells }))

const REGISTER = sheet({
  1: ['Greenfield Allotments: plot register', '', '', ''],
  2: ['Updated by J. Patel, 14 February 2026'],
  4: ['Plot', 'Name', 'Address', 'Notes'],
  5: ['1', 'Ellison, Margaret (Mrs)', '4 Mill Lane', ''],
  7: ['2', 'Shah, Priya & Arjun', '9 Station Road', 'wants half plot'],
  9: ['Waiting list'],
  10: ['Name', 'Email', 'Date applied'],
  11: ['Okafor, Chidi', 'chidi@example.org', '03/02/2024'],
  12: ['Mrs Joan Hill', '', '17/11/2023'],
})

const read = (rows: SheetRow[], chosen: Array<number | undefined> = []) => {
  const tables = tablesOf(rows, chosen)
  if (!tables.ok) throw new Error(tables.message)
  return tables.value
}
const rowNumbers = (rows: SheetRow[]) => rows.map((row) => row.row)

describe('tablesOf', () => {
  it('finds the headings below a title and an "Updated by" line, and the table below the first', () => {
    const [plots, waiting, ...more] = read(REGISTER)
    expect(more).toEqual([])
    expect(plots).toMatchObject({
      headings: 4,
      title: 'Greenfield Allotments: plot register',
      columns: ['Plot', 'Name', 'Address', 'Notes'],
    })
    // The blank row between is no row, and the waiting list's title belongs to its own table.
    expect(rowNumbers(plots!.rows)).toEqual([5, 7])
    expect(waiting).toMatchObject({
      headings: 10,
      title: 'Waiting list',
      columns: ['Name', 'Email', 'Date applied'],
    })
    expect(rowNumbers(waiting!.rows)).toEqual([11, 12])
  })

  it('offers the rows about the headings as other choices, each with its text', () => {
    const [plots, waiting] = read(REGISTER)
    expect(plots!.choices.map((choice) => choice.row)).toEqual([1, 2, 4, 5, 7, 9])
    expect(plots!.choices[1]).toEqual({ row: 2, text: 'Updated by J. Patel, 14 February 2026' })
    expect(plots!.choices[2]).toEqual({ row: 4, text: 'Plot, Name, Address, Notes' })
    // Below the first table's headings only.
    expect(waiting!.choices.map((choice) => choice.row)).toEqual([5, 7, 9, 10, 11, 12])
  })

  it('takes the headings rows chosen, the rows above a chosen row left out', () => {
    const [plots, waiting] = read(REGISTER, [5, 10])
    expect(plots).toMatchObject({
      headings: 5,
      columns: ['1', 'Ellison, Margaret (Mrs)', '4 Mill Lane', 'Column D'],
    })
    expect(rowNumbers(plots!.rows)).toEqual([7])
    expect(waiting!.headings).toBe(10)
    // Tables not chosen are found below those that are.
    expect(read(REGISTER, [4]).map((table) => table.headings)).toEqual([4, 10])
  })

  it('refuses a headings row that is blank, or above the table before', () => {
    expect(tablesOf(REGISTER, [3])).toEqual({
      ok: false,
      message: importMessages.headingsRowBlank(3),
    })
    expect(tablesOf(REGISTER, [10, 4])).toEqual({
      ok: false,
      message: importMessages.headingsRowAbove(4, 1),
    })
  })

  it('reads a plain sheet as one table under its first row, as before', () => {
    const [table, ...more] = read(
      sheet({
        1: ['First name', 'Last name'],
        2: ['Ann', 'Ash'],
        3: ['Bob', 'Birch'],
      }),
    )
    expect(more).toEqual([])
    expect(table).toMatchObject({ headings: 1, title: '', columns: ['First name', 'Last name'] })
    expect(rowNumbers(table!.rows)).toEqual([2, 3])
  })

  it('takes the first row of two values or more for headings it does not know', () => {
    const [table] = read(
      sheet({
        1: ['Our members'],
        2: ['Wer', 'Wo'],
        3: ['Ann', 'Leeds'],
      }),
    )
    expect(table).toMatchObject({ headings: 2, title: 'Our members', columns: ['Wer', 'Wo'] })
  })

  it('leaves out headings repeated down the sheet, as a printed sheet repeats them', () => {
    const [table, ...more] = read(
      sheet({
        1: ['Plot', 'Name'],
        2: ['1', 'Ann Ash'],
        40: ['Plot', 'Name'],
        41: ['2', 'Bob Birch'],
      }),
    )
    expect(more).toEqual([])
    expect(rowNumbers(table!.rows)).toEqual([2, 41])
  })

  it('takes a heading above the real headings for a title, not a table of its own', () => {
    const [table, ...more] = read(
      sheet({
        1: ['Plot', 'Tenant', 'Contact'],
        2: ['No.', 'Name', 'Address', 'Phone', 'Email'],
        3: ['1', 'Ann Ash', '1 Lane', '01234', 'ann@example.org'],
      }),
    )
    expect(more).toEqual([])
    expect(table!.headings).toBe(2)
  })

  it('reads a sheet of many rows in time linear in its rows', () => {
    const many = (count: number) =>
      sheet(
        Object.fromEntries(
          Array.from({ length: count }, (_, i) => [i + 1, i % 2 ? ['Name', 'Plot'] : ['x', 'y']]),
        ),
      )
    const time = (rows: SheetRow[]) => {
      const started = performance.now()
      tablesOf(rows)
      return performance.now() - started
    }
    time(many(2_000))
    const small = time(many(10_000))
    const large = time(many(40_000))
    expect(large).toBeLessThan(Math.max(small, 5) * 12)
  })
})
