import { describe, expect, it } from 'vitest'
import { dateFromCell, mappingProblem, splitFullName } from '#shared/domain/import-rows'
import { importMessages } from '#shared/messages/import'

// Issue 28, part 2: what a secretary's spreadsheet holds, read as our fields.

describe('splitFullName', () => {
  it.each([
    ['Margaret Ellison', 'Margaret', 'Ellison'],
    ['  Mary  Ann   Smith ', 'Mary Ann', 'Smith'],
    ['Anna van der Berg', 'Anna', 'van der Berg'],
    ['Ruth de la Mare', 'Ruth', 'de la Mare'],
    ['Ellison, Margaret', 'Margaret', 'Ellison'],
    ['Priya', 'Priya', ''],
    ['', '', ''],
  ])('splits %j into first and last names', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName })
  })
})

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
