import { describe, expect, it } from 'vitest'
import { monthsBetween, typicalWaitMonths } from '#shared/domain/typical-wait'

describe('a site’s typical wait (decision 51)', () => {
  it('counts whole calendar months', () => {
    expect(monthsBetween('2026-01-15', '2026-03-14')).toBe(1)
    expect(monthsBetween('2026-01-15', '2026-03-15')).toBe(2)
    expect(monthsBetween('2026-01-15', '2026-01-20')).toBe(0)
    expect(monthsBetween('2020-06-01', '2026-06-01')).toBe(72)
  })

  it('says nothing under three lettings', () => {
    const letting = { joined: '2025-01-01', accepted: '2025-05-01' }
    expect(typicalWaitMonths([])).toBeNull()
    expect(typicalWaitMonths([letting, letting])).toBeNull()
  })

  it('takes the median: the middle wait, or the two middle ones averaged and rounded', () => {
    const waited = (months: number) => ({
      joined: '2024-01-01',
      accepted: `${2024 + Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`,
    })
    expect(typicalWaitMonths([waited(12), waited(6), waited(8)])).toBe(8)
    expect(typicalWaitMonths([waited(3), waited(6), waited(9), waited(20)])).toBe(8)
  })
})
