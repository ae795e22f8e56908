import { describe, expect, it } from 'vitest'
import { grantsForPlot, renewedEnd } from '#shared/domain/concessions'

// Issue 47, item 1: a grant for one plot counts on that plot's invoice only, and a renewal keeps
// the grant's day a year on.

describe('concessions', () => {
  it('counts a person’s grants on every plot, and a plot’s own on that plot only', () => {
    const grants = [
      { name: 'Pensioner', plotId: null },
      { name: 'Neglected', plotId: 'p5' },
    ]
    expect(grantsForPlot(grants, 'p5').map((g) => g.name)).toEqual(['Pensioner', 'Neglected'])
    expect(grantsForPlot(grants, 'p6').map((g) => g.name)).toEqual(['Pensioner'])
  })

  it('renews to the same day a year on, 29 February to 28 February', () => {
    expect(renewedEnd('2027-09-30')).toBe('2028-09-30')
    expect(renewedEnd('2028-02-29')).toBe('2029-02-28')
    expect(renewedEnd('2026-12-31')).toBe('2027-12-31')
  })
})
