import { describe, expect, it } from 'vitest'
import { blankPerson } from '#shared/domain/people'
import {
  compareWaitingOrder,
  timeOfJoining,
  waitingListOrder,
  waitingPlaceOf,
} from '#shared/domain/waiting-order'
import type { Person } from '#shared/schemas/person'

// Issue 28, part 3: date of joining, then time of joining, then order of entry.
function waiting(id: string, joined: string, at: string, entry: number): Person {
  return {
    ...blankPerson(id, true, joined),
    firstName: id[0]!.toUpperCase() + id.slice(1),
    lastName: 'Smith',
    joinedWaitingListAt: at,
    waitingListEntry: entry,
  }
}

describe('the waiting order', () => {
  it('orders a day by the time of joining, whatever the nicknames and the order of entry', () => {
    const people = [
      waiting('aled', '2026-11-25', '2026-11-25T10:27:00.000Z', 3),
      waiting('zara', '2026-11-25', '2026-11-25T09:15:00.000Z', 9),
      waiting('mary', '2026-11-25', '2026-11-25T10:00:00.000Z', 1),
      waiting('zofia', '2026-11-24', '2026-11-24T17:00:00.000Z', 8),
    ]
    expect(waitingListOrder(people).map(({ id, position }) => [id, position])).toEqual([
      ['zofia', 1],
      ['zara', 2],
      ['mary', 3],
      ['aled', 4],
    ])
  })

  it('breaks a tie of date and time by the order of entry (an import in the order of its rows)', () => {
    const at = '2026-11-25T10:00:00.000Z'
    const people = [waiting('ann', '2026-11-25', at, 12), waiting('bob', '2026-11-25', at, 11)]
    expect(waitingListOrder(people).map((p) => p.id)).toEqual(['bob', 'ann'])
  })

  it('puts those known only by the date after the day’s known times, in the order of entry', () => {
    const people = [
      waiting('late', '2026-11-25', '2026-12-01T08:00:00.000Z', 40),
      waiting('typed', '2026-11-25', '', 30),
      waiting('known', '2026-11-25', '2026-11-25T16:00:00.000Z', 20),
    ]
    expect(waitingListOrder(people).map((p) => p.id)).toEqual(['known', 'typed', 'late'])
  })

  it('knows the time only while the date of joining is that moment’s day', () => {
    expect(timeOfJoining(waiting('a', '2026-11-25', '2026-11-25T10:27:00.000Z', 1))).toBe(
      '2026-11-25T10:27:00.000Z',
    )
    expect(timeOfJoining(waiting('a', '2026-11-20', '2026-11-25T10:27:00.000Z', 1))).toBe(undefined)
    expect(timeOfJoining(waiting('a', '2026-11-20', '', 1))).toBe(undefined)
  })

  it('knows the time of one who joined in London’s first hour of a summer day (decision 44)', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London: the day of joining the server takes.
    const at = '2026-06-30T23:30:00.000Z'
    expect(timeOfJoining(waiting('a', '2026-07-01', at, 1))).toBe(at)
    // Joinings dated by UTC's day before keep their time.
    expect(timeOfJoining(waiting('a', '2026-06-30', at, 1))).toBe(at)
    // In winter London's day is UTC's.
    expect(timeOfJoining(waiting('a', '2026-01-01', '2025-12-31T23:30:00.000Z', 1))).toBe(undefined)
    const people = [
      waiting('night', '2026-07-01', at, 2),
      waiting('typed', '2026-07-01', '', 1),
      waiting('noon', '2026-07-01', '2026-07-01T11:00:00.000Z', 3),
    ]
    expect(waitingListOrder(people).map((p) => p.id)).toEqual(['night', 'noon', 'typed'])
  })

  it('falls back on the nickname only when everything else is equal', () => {
    const [a, b] = [waiting('ann', '2020-01-01', '', 0), waiting('bob', '2020-01-01', '', 0)]
    expect(compareWaitingOrder(a, b)).toBeLessThan(0)
    expect(compareWaitingOrder(b, a)).toBeGreaterThan(0)
  })
})

describe('a stated place', () => {
  const queue = waitingListOrder([
    waiting('zofia', '2026-11-24', '', 1),
    waiting('zara', '2026-11-25', '2026-11-25T10:27:00.000Z', 2),
    waiting('summer', '2026-06-25', '2026-06-25T23:30:00.000Z', 3),
  ])
  const name = (person: Person) => `${person.firstName} ${person.lastName}`

  it('says the place, the day and time of joining in UK time, and who is ahead', () => {
    expect(waitingPlaceOf(queue, 'zara', name)).toEqual({
      position: 3,
      total: 3,
      statement: 'No. 3 of 3: joined 25 November 2026 at 10:27, after Zofia Smith',
    })
    // 23:30 UTC in June is 00:30 the next morning in London.
    expect(waitingPlaceOf(queue, 'summer', name)?.statement).toBe(
      'No. 1 of 3: joined 26 June 2026 at 00:30, first on the list',
    )
    expect(waitingPlaceOf(queue, 'zofia', name)?.statement).toBe(
      'No. 2 of 3: joined 24 November 2026, after Summer Smith',
    )
    expect(waitingPlaceOf(queue, 'nobody', name)).toBeUndefined()
  })
})
