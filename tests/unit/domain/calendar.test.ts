import { describe, expect, it } from 'vitest'
import {
  lastDayOf,
  daysInRange,
  eventMoments,
  eventWhen,
  monthAfter,
  monthRange,
  monthWeeks,
  visibilitiesFor,
} from '#shared/domain/calendar'
import { calendarMessages } from '#shared/messages/calendar'

const at = (startDate: string, startTime: string, endDate: string, endTime: string) =>
  eventMoments({ startDate, startTime, endDate, endTime })

describe("the calendar's rules", () => {
  it("keeps an event's London times as the moments they are, across summer time", () => {
    // Winter: London is on GMT.
    expect(at('2027-01-09', '10:00', '2027-01-09', '12:00')).toEqual({
      ok: true,
      value: { startsAt: '2027-01-09T10:00:00.000Z', endsAt: '2027-01-09T12:00:00.000Z' },
    })
    // The last Sunday of March: 00:30 GMT to 03:30 BST is two hours.
    expect(at('2027-03-28', '00:30', '2027-03-28', '03:30')).toEqual({
      ok: true,
      value: { startsAt: '2027-03-28T00:30:00.000Z', endsAt: '2027-03-28T02:30:00.000Z' },
    })
    // The last Sunday of October: from 10:00 it is GMT again; the day before was BST.
    expect(at('2027-10-30', '10:00', '2027-10-30', '11:00')).toMatchObject({
      value: { startsAt: '2027-10-30T09:00:00.000Z' },
    })
    expect(at('2027-10-31', '10:00', '2027-10-31', '11:00')).toMatchObject({
      value: { startsAt: '2027-10-31T10:00:00.000Z' },
    })
  })

  it('refuses an event that ends before, or as, it starts', () => {
    const refused = { ok: false, message: calendarMessages.endBeforeStart, field: 'endTime' }
    expect(at('2027-05-01', '10:00', '2027-05-01', '10:00')).toEqual(refused)
    expect(at('2027-05-02', '10:00', '2027-05-01', '12:00')).toEqual(refused)
  })

  it('shows the public events to all, members’ from level 1, and all of them to the committee', () => {
    expect(visibilitiesFor(0)).toEqual(['public'])
    expect(visibilitiesFor(2)).toEqual(['public', 'members'])
    expect(visibilitiesFor(3)).toEqual(['public', 'members', 'committee'])
  })

  it('lays a month out in weeks, Monday first', () => {
    // March 2027 begins on a Monday and has 31 days: five weeks, the last with three days.
    const weeks = monthWeeks('2027-03')
    expect(weeks).toHaveLength(5)
    expect(weeks[0]![0]).toBe('2027-03-01')
    expect(weeks[4]).toEqual(['2027-03-29', '2027-03-30', '2027-03-31', null, null, null, null])
    // February 2026 begins on a Sunday.
    expect(monthWeeks('2026-02')[0]).toEqual([null, null, null, null, null, null, '2026-02-01'])
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(monthAfter('2026-12', 1)).toBe('2027-01')
    expect(monthAfter('2027-01', -1)).toBe('2026-12')
    expect(daysInRange('2027-01-01', '2027-12-31')).toBe(365)
  })

  it('puts an evening that ends at midnight on its own day only, and a night across two', () => {
    const event = { startDate: '2026-11-28', endTime: '00:00' }
    expect(lastDayOf({ ...event, endDate: '2026-11-29' })).toBe('2026-11-28')
    expect(lastDayOf({ ...event, endDate: '2026-11-29', endTime: '00:15' })).toBe('2026-11-29')
    expect(lastDayOf({ ...event, endDate: '2026-11-30' })).toBe('2026-11-29')
    expect(lastDayOf({ ...event, endDate: '2026-11-28', endTime: '12:00' })).toBe('2026-11-28')
  })

  it('says when an event is, in words', () => {
    expect(
      eventWhen({
        startDate: '2027-03-28',
        startTime: '10:00',
        endDate: '2027-03-28',
        endTime: '12:00',
      }),
    ).toBe('28 March 2027, 10:00 to 12:00')
    expect(
      eventWhen({
        startDate: '2027-03-27',
        startTime: '18:00',
        endDate: '2027-03-28',
        endTime: '09:00',
      }),
    ).toBe('27 March 2027, 18:00 to 28 March 2027, 09:00')
  })
})
