import { describe, expect, it } from 'vitest'
import {
  amountFor,
  monthsCharged,
  monthsGone,
  monthsHeld,
  partYearLines,
} from '#shared/domain/part-year'
import { partYearMessages } from '#shared/messages/part-year'

const START = '2026-10-01'

describe('part of a rent year (issue 43)', () => {
  it('counts the whole months gone, the month begun not among them', () => {
    expect(monthsGone(START, '2026-10-01')).toBe(0)
    expect(monthsGone(START, '2026-10-31')).toBe(0)
    expect(monthsGone(START, '2026-11-15')).toBe(1)
    expect(monthsGone(START, '2027-03-10')).toBe(5)
    expect(monthsGone('2026-10-15', '2026-11-14')).toBe(0)
    expect(monthsGone(START, '2027-10-05')).toBe(12)
  })

  it('charges a plot let in March the months left, or the quarters, the whole year, or nothing', () => {
    expect(monthsCharged('months', START, '2027-03-10')).toBe(7)
    expect(monthsCharged('quarters', START, '2027-03-10')).toBe(9)
    expect(monthsCharged('quarters', START, '2027-04-01')).toBe(6)
    expect(monthsCharged('whole', START, '2027-03-10')).toBe(12)
    expect(monthsCharged('none', START, '2027-03-10')).toBe(0)
    expect(monthsCharged('none', START, '2026-10-20')).toBe(12)
    expect(monthsCharged('months', START, '2026-10-20')).toBe(12)
  })

  it('says how the months left make the invoice, to the penny', () => {
    const lines = [
      { description: 'Rent', amount: 4250 },
      { description: 'Water', amount: 500 },
    ]
    expect(partYearLines(lines, 12)).toEqual(lines)
    expect(partYearLines(lines, 7)).toEqual([
      ...lines,
      { description: partYearMessages.partYearLine(7), amount: 2771 - 4750 },
    ])
    expect(amountFor(4750, 7, 12)).toBe(2771)
  })

  it('holds a leaver to the end of the month they leave in, or its quarter, within the invoice', () => {
    // Dave's whole-year invoice, left on 12 December: October, November, December.
    expect(monthsHeld('months', START, '2026-12-12', 12)).toBe(3)
    expect(monthsHeld('quarters', START, '2026-11-02', 12)).toBe(3)
    // Let in March for 7 months, left in May: March, April, May.
    expect(monthsHeld('months', START, '2027-05-20', 7)).toBe(3)
    expect(monthsHeld('months', START, '2026-10-02', 7)).toBe(0)
    expect(monthsHeld('months', START, '2027-11-02', 12)).toBe(12)
    expect(amountFor(4250, 3, 12)).toBe(1063)
  })
})
