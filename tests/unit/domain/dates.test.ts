import { describe, expect, it } from 'vitest'
import {
  addMonths,
  dayOfYear,
  longDate,
  londonDate,
  longDateAndTime,
  shortDate,
  shortDateTime,
} from '#shared/domain/dates'

describe('dates as British readers write them', () => {
  it('writes a calendar day in words, and in short for tables', () => {
    expect(longDate('2026-12-09')).toBe('9 December 2026')
    expect(shortDate('2026-12-09')).toBe('9 Dec 2026')
    expect(longDate('2027-01-31')).toBe('31 January 2027')
    expect(shortDate('2028-02-29')).toBe('29 Feb 2028')
  })

  it('keeps the day of an ISO timestamp (a UTC day), whatever the time zone', () => {
    expect(longDate('2026-12-09T23:59:59.000Z')).toBe('9 December 2026')
  })

  it('shows text that is no real date as it is', () => {
    expect(longDate('2026-02-30')).toBe('2026-02-30')
    expect(shortDate('soon')).toBe('soon')
    expect(longDate('')).toBe('')
  })

  it('writes a day of the year (MM-DD) in words', () => {
    expect(dayOfYear('10-01')).toBe('1 October')
    expect(dayOfYear('')).toBe('')
  })

  it("shows a moment on London's clock: GMT in winter, BST in summer", () => {
    expect(longDateAndTime('2026-11-25T10:27:41.000Z')).toEqual({
      date: '25 November 2026',
      time: '10:27',
    })
    expect(shortDateTime('2026-06-30T23:30:05.000Z')).toBe('1 Jul 2026, 00:30')
    expect(shortDateTime('2026-06-30T23:30:05.000Z', { seconds: true })).toBe(
      '1 Jul 2026, 00:30:05',
    )
    expect(shortDateTime('not a time')).toBe('not a time')
  })

  it("takes a moment's day from London's clock, across the changes to and from summer time", () => {
    const day = (instant: string) => londonDate(new Date(instant))
    // 29 March 2026: GMT until 01:00 UTC, then BST.
    expect(day('2026-03-28T23:30:00Z')).toBe('2026-03-28')
    expect(day('2026-03-29T00:30:00Z')).toBe('2026-03-29')
    // Summer: the last hour of a UTC day is the first of London's next.
    expect(day('2026-06-30T22:59:59Z')).toBe('2026-06-30')
    expect(day('2026-06-30T23:00:00Z')).toBe('2026-07-01')
    expect(day('2026-06-30T23:30:00Z')).toBe('2026-07-01')
    // 25 October 2026: BST until 01:00 UTC, then GMT.
    expect(day('2026-10-24T23:30:00Z')).toBe('2026-10-25')
    expect(day('2026-10-25T00:30:00Z')).toBe('2026-10-25')
    expect(day('2026-10-25T23:30:00Z')).toBe('2026-10-25')
    // Winter: London's day is UTC's.
    expect(day('2026-12-31T23:30:00Z')).toBe('2026-12-31')
    expect(day('2027-01-01T00:00:00Z')).toBe('2027-01-01')
  })

  it("moves a date by months as a tenancy or an instalment does: a shorter month's last day", () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28')
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28')
    expect(addMonths('2027-08-31', 1)).toBe('2027-09-30')
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29')
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28')
    expect(addMonths('2027-01-15', 1)).toBe('2027-02-15')
    expect(addMonths('2027-02-28', 1)).toBe('2027-03-28')
    expect(addMonths('2027-01-31', -13)).toBe('2025-12-31')
    expect(addMonths('2027-05-31', 0)).toBe('2027-05-31')
  })
})
