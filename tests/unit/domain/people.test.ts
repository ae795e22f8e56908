import { describe, it, expect } from 'vitest'
import {
  addPlotToPerson,
  blankPerson,
  deletePerson,
  filterPeople,
  moveToPlotholders,
  moveToWaitingList,
  numberedNickname,
  proposedNickname,
  removePlotFromPerson,
} from '#shared/domain/people'
import { waitingListOrder } from '#shared/domain/waiting-order'
import { blankPlot } from '#shared/domain/plots'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'

const TODAY = '2024-05-17'

function person(id: string, changes: Partial<Person> = {}): Person {
  return { ...blankPerson(id, false, '2020-01-01'), ...changes }
}

function plot(id: string, tenants: string[]): Plot {
  return { ...blankPlot(id), tenants, occupied: tenants.length > 0 }
}

describe('blankPerson', () => {
  it("has today's date, empty text, no plots and version 1", () => {
    expect(blankPerson('ann', false, TODAY)).toEqual({
      id: 'ann',
      title: '',
      firstName: '',
      lastName: '',
      dateJoined: TODAY,
      joinedWaitingList: TODAY,
      joinedWaitingListAt: '',
      waitingListEntry: 0,
      address: '',
      phoneNumber: '',
      email: '',
      altEmail: '',
      contactBy: 'email',
      concession: false,
      notes: '',
      reference: '',
      plots: [],
      isPlotHolder: true,
      onWaitingList: false,
      version: 1,
    })
  })

  it('takes onWaitingList from the argument and isPlotHolder as its opposite', () => {
    const waiting = blankPerson('bob', true, TODAY)
    expect(waiting.onWaitingList).toBe(true)
    expect(waiting.isPlotHolder).toBe(false)
  })
})

describe('addPlotToPerson', () => {
  it('is ignored if the plot is already present', () => {
    const before = person('ann', { plots: ['5'], dateJoined: '2021-03-04' })
    expect(addPlotToPerson(before, '5', TODAY)).toEqual(before)
  })

  it('keeps the plot list sorted in natural order', () => {
    const before = person('ann', { plots: ['9', '66b'] })
    expect(addPlotToPerson(before, '10', TODAY).plots).toEqual(['9', '10', '66b'])
    expect(addPlotToPerson(before, '66', TODAY).plots).toEqual(['9', '66', '66b'])
    expect(addPlotToPerson(before, '67', TODAY).plots).toEqual(['9', '66b', '67'])
  })

  it('makes the person a plotholder', () => {
    const waiting = blankPerson('ann', true, '2020-01-01')
    expect(addPlotToPerson(waiting, '5', TODAY).isPlotHolder).toBe(true)
  })

  it('sets dateJoined to today only for someone becoming a plot holder', () => {
    const waiting = blankPerson('ann', true, '2020-01-01')
    expect(addPlotToPerson(waiting, '5', TODAY).dateJoined).toBe(TODAY)
    const second = addPlotToPerson(person('ann', { plots: ['5'] }), '6', TODAY)
    expect(second.dateJoined).toBe('2020-01-01')
  })

  it("changes nothing else of a plot holder, with or without a plot (issue 43: Arjun's date)", () => {
    const arjun = person('arjun', { dateJoined: '2019-04-05' })
    const readded = addPlotToPerson(
      removePlotFromPerson(addPlotToPerson(arjun, '3', TODAY), '3'),
      '3',
      TODAY,
    )
    expect(readded).toEqual({ ...arjun, plots: ['3'] })
  })

  it('leaves the given person untouched', () => {
    const before = person('ann', { plots: ['9'] })
    addPlotToPerson(before, '1', TODAY)
    expect(before.plots).toEqual(['9'])
  })
})

describe('removePlotFromPerson', () => {
  it('is ignored if the plot is absent', () => {
    const before = person('ann', { plots: ['5'] })
    expect(removePlotFromPerson(before, '6')).toEqual(before)
  })

  it('removes the plot', () => {
    expect(removePlotFromPerson(person('ann', { plots: ['5', '6'] }), '5').plots).toEqual(['6'])
  })

  it('clears isPlotHolder when no plots remain and the person is on the waiting list', () => {
    const before = person('ann', { plots: ['5'], onWaitingList: true, isPlotHolder: true })
    expect(removePlotFromPerson(before, '5').isPlotHolder).toBe(false)
  })

  it('keeps isPlotHolder while plots remain, or when the person is not on the waiting list', () => {
    const waiting = person('ann', { plots: ['5', '6'], onWaitingList: true, isPlotHolder: true })
    expect(removePlotFromPerson(waiting, '5').isPlotHolder).toBe(true)
    const holder = person('bob', { plots: ['5'], onWaitingList: false, isPlotHolder: true })
    expect(removePlotFromPerson(holder, '5').isPlotHolder).toBe(true)
  })
})

describe('moveToWaitingList', () => {
  it("is refused with 'This person has plots' when the person has plots", () => {
    expect(moveToWaitingList(person('ann', { plots: ['5'] }), TODAY)).toEqual({
      ok: false,
      message: 'This person has plots',
    })
  })

  it('otherwise puts the person on the waiting list from today', () => {
    const result = moveToWaitingList(person('ann', { joinedWaitingList: '2019-01-01' }), TODAY)
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        onWaitingList: true,
        isPlotHolder: false,
        joinedWaitingList: TODAY,
      }),
    })
  })
})

describe('moveToPlotholders', () => {
  it("is refused with 'This person doesn't have a plot yet' when there are no plots", () => {
    expect(moveToPlotholders(blankPerson('ann', true, TODAY))).toEqual({
      ok: false,
      message: "This person doesn't have a plot yet",
    })
  })

  it('otherwise makes the person a plotholder off the waiting list', () => {
    const waiting = person('ann', { plots: ['5'], onWaitingList: true, isPlotHolder: false })
    expect(moveToPlotholders(waiting)).toEqual({
      ok: true,
      value: expect.objectContaining({ isPlotHolder: true, onWaitingList: false }),
    })
  })
})

describe('deletePerson', () => {
  const plots = [plot('1', ['ann', 'bob']), plot('2', ['ann']), plot('3', ['bob'])]

  it("removes the person from every plot's tenants, and occupied follows", () => {
    const { plots: changed } = deletePerson(person('ann', { plots: ['1', '2'] }), plots)
    expect(changed).toEqual([
      expect.objectContaining({ id: '1', tenants: ['bob'], occupied: true }),
      expect.objectContaining({ id: '2', tenants: [], occupied: false }),
    ])
  })

  it('returns no plots for a person without plots', () => {
    expect(deletePerson(person('cat'), plots)).toEqual({ plots: [] })
  })

  it('leaves the given plots untouched', () => {
    deletePerson(person('ann'), plots)
    expect(plots[1]?.tenants).toEqual(['ann'])
  })
})

describe('filterPeople', () => {
  const people = [
    person('jonno', { firstName: 'John', lastName: 'Smith', phoneNumber: '07700 900123' }),
    person('sue', { firstName: 'Susan', lastName: 'Jones', phoneNumber: '01632 960001' }),
    person('smithy', { firstName: 'Alan', lastName: 'Brown', phoneNumber: '07700 900456' }),
    person('jjones', { firstName: 'Jane', lastName: 'Smithers', phoneNumber: '' }),
  ]
  const ids = (prefix: string) => filterPeople(people, prefix).map((p) => p.id)

  it('matches first name followed by last name', () => {
    expect(ids('john sm')).toEqual(['jonno'])
  })

  it('matches last name followed by first name', () => {
    expect(ids('jones su')).toEqual(['sue'])
  })

  it('is case-insensitive', () => {
    expect(ids('SUSAN')).toEqual(['sue'])
  })

  it('keeps the input order', () => {
    expect(ids('smith')).toEqual(['jonno', 'jjones'])
  })

  it('falls back to the nickname when no name matches', () => {
    expect(ids('jj')).toEqual(['jjones'])
    // A name match wins: 'smith' is also the start of the nickname 'smithy'.
    expect(ids('smith')).not.toContain('smithy')
  })

  it('falls back to the phone number, ignoring spaces, when no name or nickname matches', () => {
    expect(ids('07700')).toEqual(['jonno', 'smithy'])
    expect(ids('077009004')).toEqual(['smithy'])
    expect(ids('01632 96')).toEqual(['sue'])
  })

  it('matches nobody when nothing fits', () => {
    expect(ids('zz')).toEqual([])
  })

  it('matches everybody for an empty or blank prefix', () => {
    expect(ids('')).toEqual(['jonno', 'sue', 'smithy', 'jjones'])
    expect(ids('   ')).toEqual(['jonno', 'sue', 'smithy', 'jjones'])
  })
})

describe('waitingListOrder', () => {
  it('lists waiting people by the date they joined, then nickname, numbered from 1', () => {
    const people = [
      person('dan', { onWaitingList: true, joinedWaitingList: '2023-06-01' }),
      person('ann', { onWaitingList: false, joinedWaitingList: '2020-01-01' }),
      person('cat', { onWaitingList: true, joinedWaitingList: '2022-02-02' }),
      person('bob', { onWaitingList: true, joinedWaitingList: '2023-06-01' }),
    ]
    expect(waitingListOrder(people).map(({ id, position }) => [id, position])).toEqual([
      ['cat', 1],
      ['bob', 2],
      ['dan', 3],
    ])
    expect(people.map((p) => p.id)).toEqual(['dan', 'ann', 'cat', 'bob'])
  })
})

describe('proposedNickname', () => {
  it('is the first name and the initial of the last name, in lower case', () => {
    expect(proposedNickname('Margaret', 'Ellison')).toBe('margarete')
    expect(proposedNickname('Arjun', 'Singh')).toBe('arjuns')
  })

  it('keeps letters and digits only, accents included, however the accent was typed', () => {
    expect(proposedNickname('Zoë', "O'Neill")).toBe('zoëo')
    expect(proposedNickname('Zoe\u0308', 'Smith')).toBe('zoës')
    expect(proposedNickname(' Mary-Jane ', ' van Dyke')).toBe('maryjanev')
  })

  it('is a nickname the rules accept, short enough to take a number', async () => {
    const { newPersonSchema } = await import('#shared/schemas/person')
    const long = proposedNickname('A'.repeat(60), 'Bee')
    expect(long).toBe('a'.repeat(30))
    const id = numberedNickname(long, 12)
    const parsed = newPersonSchema.shape.id.safeParse(id)
    expect(parsed.success).toBe(true)
  })

  it('is empty until a name gives a letter or digit', () => {
    expect(proposedNickname('', '')).toBe('')
    expect(proposedNickname('  ', "'-")).toBe('')
    expect(proposedNickname('', 'Singh')).toBe('s')
  })
})

describe('numberedNickname', () => {
  it('is the proposal at the first go, then numbered from 2', () => {
    expect([1, 2, 3].map((n) => numberedNickname('tomb', n))).toEqual(['tomb', 'tomb2', 'tomb3'])
  })
})
