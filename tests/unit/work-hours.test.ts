import { describe, expect, it } from 'vitest'
import { hoursText } from '#shared/domain/hours'
import {
  hoursBetween,
  hoursYear,
  plotsDone,
  workHoursLine,
  yearBefore,
} from '#shared/domain/work-hours'
import { workHoursMessages } from '#shared/messages/work-hours'

// Work hours' rules (decision 66), in quarter hours.

describe('work hours', () => {
  it('writes quarters as people say hours', () => {
    expect([0.25, 1, 2.5, 3, 0.75].map(hoursText)).toEqual([
      '0.25 hours',
      '1 hour',
      '2.5 hours',
      '3 hours',
      '0.75 hours',
    ])
    expect(hoursBetween('2027-03-28T00:30:00.000Z', '2027-03-28T02:30:00.000Z')).toBe(2)
    expect(hoursBetween('2026-10-10T09:00:00.000Z', '2026-10-10T11:20:00.000Z')).toBe(2.25)
  })

  it('counts a rent year from its start to the day before the next, and charges the year before', () => {
    expect(hoursYear('2026-10-01')).toEqual({ from: '2026-10-01', to: '2027-09-30' })
    expect(yearBefore('2027-10-01')).toEqual({ from: '2026-10-01', to: '2027-09-30' })
    expect(hoursYear('2028-02-29')).toEqual({ from: '2028-02-29', to: '2029-02-27' })
  })

  it("gives a joint plot its tenants' hours, and a tenant of two plots' hours once", () => {
    const done = plotsDone(
      [
        { plotId: 'a', tenants: ['ann', 'bob'], owed: 24 },
        { plotId: 'b', tenants: ['cy'], owed: 24 },
        { plotId: 'c', tenants: ['cy'], owed: 24 },
      ],
      new Map([
        ['ann', 8],
        ['bob', 12],
        ['cy', 30],
      ]),
    )
    expect(Object.fromEntries(done)).toEqual({ a: 20, b: 24, c: 6 })
  })

  it('charges the hours missing, takes off those beyond but never more than the invoice, or neither', () => {
    const rules = { missingHourPence: 1000, beyondHourPence: 500 }
    expect(workHoursLine(12, 24, rules, 4500)).toEqual({
      description: workHoursMessages.notDoneLine('3 hours', '£10.00'),
      amount: 3000,
    })
    expect(workHoursLine(25, 24, rules, 4500)).toEqual({
      description: workHoursMessages.beyondLine('0.25 hours', '£5.00'),
      amount: -125,
    })
    expect(workHoursLine(400, 24, rules, 4500)?.amount).toBe(-4500)
    expect(workHoursLine(24, 24, rules, 4500)).toBeUndefined()
    expect(workHoursLine(0, 24, { missingHourPence: 0, beyondHourPence: 0 }, 4500)).toBeUndefined()
  })
})
