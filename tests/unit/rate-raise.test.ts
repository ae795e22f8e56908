import { describe, expect, it } from 'vitest'
import { earliestRaise, raisesRates, raiseTakesEffect } from '#shared/domain/rate-raise'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import type { RentRates } from '#shared/schemas/rent'

// Decision 62: what a raise of the rates is, and the earliest day it may take effect.

const rates: RentRates = {
  chargeBasis: 'fee',
  areaRate: 2500,
  bandFees: { full: 4500, half: 2500, quarter: 1500 },
  concessionPercent: 25,
  extras: [{ name: 'Water', amount: 500 }],
}

describe('raising the rates', () => {
  it('is a raise when any rate goes up, an extra is added or the concession shrinks', () => {
    expect(raisesRates(rates, rates)).toBe(false)
    expect(raisesRates(rates, { ...rates, areaRate: 2501 })).toBe(true)
    expect(raisesRates(rates, { ...rates, bandFees: { ...rates.bandFees, half: 2600 } })).toBe(true)
    expect(raisesRates(rates, { ...rates, concessionPercent: 20 })).toBe(true)
    expect(raisesRates(rates, { ...rates, extras: [{ name: 'water', amount: 600 }] })).toBe(true)
    expect(
      raisesRates(rates, { ...rates, extras: [...rates.extras, { name: 'Skip', amount: 100 }] }),
    ).toBe(true)
    expect(raisesRates(rates, { ...rates, chargeBasis: 'area' })).toBe(true)
    // Lowered, or an extra removed: no notice.
    expect(raisesRates(rates, { ...rates, areaRate: 2000, extras: [] })).toBe(false)
    // One up and one down is still a raise.
    expect(raisesRates(rates, { ...rates, areaRate: 2000, concessionPercent: 10 })).toBe(true)
  })

  it('takes effect no earlier than today and the notice, by calendar months', () => {
    expect(earliestRaise('2026-12-09', 12)).toBe('2027-12-09')
    expect(earliestRaise('2026-12-09', 0)).toBe('2026-12-09')
    expect(raiseTakesEffect('2026-12-09', 12, '2027-12-09')).toEqual({
      ok: true,
      value: '2027-12-09',
    })
    for (const asked of [undefined, '2027-12-08'])
      expect(raiseTakesEffect('2026-12-09', 12, asked)).toEqual({
        ok: false,
        message: rentNoticeMessages.raiseTooSoon('2027-12-09'),
        field: 'takesEffect',
      })
    expect(rentNoticeMessages.earliestRaise('2027-12-09')).toBe(
      'This rate can take effect from 9 December 2027 at the earliest',
    )
  })
})
