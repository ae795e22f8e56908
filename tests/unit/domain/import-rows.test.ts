import { describe, expect, it } from 'vitest'
import {
  dateFromCell,
  guessMapping,
  mappingProblem,
  nicknameFor,
  peopleFromRow,
} from '#shared/domain/import-rows'
import { importMessages } from '#shared/messages/import'

// Issue 28, part 2: what a secretary's spreadsheet holds, read as our fields.

describe('dateFromCell', () => {
  const today = '2026-11-25'
  it.each([
    ['03/04/2021', '2021-04-03'],
    ['3/4/2021', '2021-04-03'],
    ['03.04.21', '2021-04-03'],
    ['03/04/99', '1999-04-03'],
    ['2021-04-03', '2021-04-03'],
    ['3 April 2021', '2021-04-03'],
    ['3rd Apr 2021', '2021-04-03'],
  ])('reads %j the British way', (text, date) => {
    expect(dateFromCell(text, today)).toBe(date)
  })
  it('gives nothing for a blank, and refuses what is no date', () => {
    expect(dateFromCell('  ', today)).toBeUndefined()
    expect(dateFromCell('31/02/2021', today)).toBe(false)
    expect(dateFromCell('04/13/2021', today)).toBe(false)
    expect(dateFromCell('soon', today)).toBe(false)
  })
})

describe('mappingProblem', () => {
  const columns = ['Name', 'Plot No']
  it('refuses one column for two fields, naming both', () => {
    expect(mappingProblem('people', columns, { fullName: 'Name', lastName: 'Name' })).toBe(
      importMessages.columnChosenTwice('Name', 'Full name', 'Last name'),
    )
  })
  it('takes a full name instead of the first and last names', () => {
    expect(mappingProblem('people', columns, { fullName: 'Name' })).toBeUndefined()
    expect(mappingProblem('people', columns, { plots: 'Plot No' })).toBe(
      importMessages.nameColumnsRequired,
    )
  })
})

// Issue 44: a register's rows as they are written.
describe('peopleFromRow', () => {
  const today = '2026-11-25'
  const people = (values: Record<string, string>) => {
    const read = peopleFromRow(values, today)
    if (!read.ok) throw new Error(read.message)
    return read.value.people.map((person) => {
      if (!person.ok) throw new Error(person.message)
      return person.value
    })
  }

  it('makes two people of a joint name, sharing the plots, the address and the notes; the e-mail is the first one’s', () => {
    const [priya, arjun, ...more] = people({
      fullName: 'Shah, Priya & Arjun',
      plots: '2',
      address: '9 Station Road',
      email: 'shahs@example.org',
      notes: 'wants half plot',
    })
    expect(more).toEqual([])
    expect(priya).toMatchObject({
      firstName: 'Priya',
      lastName: 'Shah',
      plots: ['2'],
      address: '9 Station Road',
      email: 'shahs@example.org',
      notes: 'wants half plot',
      isPlotHolder: true,
    })
    expect(arjun).toMatchObject({
      firstName: 'Arjun',
      lastName: 'Shah',
      plots: ['2'],
      address: '9 Station Road',
      email: '',
      notes: 'wants half plot',
    })
  })

  it('gives the title the name holds, or the title column’s', () => {
    expect(people({ fullName: 'Ellison, Margaret (Mrs)' })[0]).toMatchObject({
      title: 'Mrs',
      firstName: 'Margaret',
      lastName: 'Ellison',
    })
    const [tom, ann] = people({ firstName: 'Tom & Ann', lastName: 'Baker', title: 'Mr & Mrs' })
    expect(tom).toMatchObject({ title: 'Mr', firstName: 'Tom', lastName: 'Baker' })
    expect(ann).toMatchObject({ title: 'Mrs', firstName: 'Ann', lastName: 'Baker' })
  })

  it('takes a correction over the name as written', () => {
    const read = peopleFromRow({ fullName: 'Shah, Priya & Arjun' }, today, [
      { title: 'Ms', firstName: 'Priya', lastName: 'Shah-Patel' },
    ])
    expect(read.ok && read.value.people).toEqual([
      expect.objectContaining({
        ok: true,
        value: expect.objectContaining({ title: 'Ms', lastName: 'Shah-Patel' }),
      }),
    ])
    expect(read.ok && read.value.split).toHaveLength(2)
  })

  it('puts a table of dates joining the list, with no plots, on the waiting list in whatever words', () => {
    const [chidi] = people({ fullName: 'Chidi Okafor', joinedWaitingList: '03/02/2024' })
    expect(chidi).toMatchObject({
      onWaitingList: true,
      isPlotHolder: false,
      joinedWaitingList: '2024-02-03',
    })
    // A blank date there is today's.
    expect(people({ fullName: 'Joan Hill', joinedWaitingList: '' })[0]).toMatchObject({
      onWaitingList: true,
      joinedWaitingList: today,
    })
    // A waiting list column says otherwise; without either, no plot is a plot holder still.
    expect(
      people({ fullName: 'Joan Hill', joinedWaitingList: '', onWaitingList: 'no' })[0],
    ).toMatchObject({ onWaitingList: false })
    expect(people({ fullName: 'Joan Hill' })[0]).toMatchObject({ onWaitingList: false })
  })
})

describe('guessMapping', () => {
  const table = (columns: string[], ...rows: string[][]) => ({
    columns,
    rows: rows.map((cells, i) => ({ row: i + 2, cells })),
  })

  it('takes a column of dates, whatever its heading, as the date joining the list when there are no plots', () => {
    expect(
      guessMapping(
        'people',
        table(
          ['Name', 'Received', 'Email'],
          ['Chidi Okafor', '03/02/2024', 'c@example.org'],
          ['Joan Hill', '', ''],
        ),
      ),
    ).toEqual({ fullName: 'Name', joinedWaitingList: 'Received', email: 'Email' })
    // With plots, it is the date they joined.
    expect(
      guessMapping('people', table(['Plot', 'Name', 'Since'], ['1', 'Ann Ash', '2019-04-01'])),
    ).toEqual({
      plots: 'Plot',
      fullName: 'Name',
      dateJoined: 'Since',
    })
    // A column of words is no date.
    expect(guessMapping('people', table(['Name', 'Town'], ['Ann Ash', 'Leeds']))).toEqual({
      fullName: 'Name',
    })
  })

  it('maps "Date applied" and a Notes column', () => {
    expect(
      guessMapping('people', table(['Name', 'Date applied', 'Notes'], ['A B', '01/01/2024', ''])),
    ).toEqual({
      fullName: 'Name',
      joinedWaitingList: 'Date applied',
      notes: 'Notes',
    })
  })
})

describe('nicknameFor', () => {
  it('numbers a name taken, counting on from where it got to', () => {
    const taken = new Set<string>(['anna'])
    const last = new Map<string, number>()
    const started = performance.now()
    for (let i = 0; i < 20_000; i++) taken.add(nicknameFor('Ann', 'Ash', (n) => taken.has(n), last))
    // Counting from 1 for each was 11 s for a file of 20,000 Ann Ashes.
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(taken.size).toBe(20_001)
    expect(taken.has('anna20001')).toBe(true)
  })
})
