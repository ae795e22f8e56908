import { describe, expect, it } from 'vitest'
import { areaInput, areaText, halfUp, parseArea } from '#shared/domain/area'
import { plotMessages } from '#shared/messages/plots'

// Areas kept in whole square metres, typed and read in the society's unit (issue 43).

describe('a plot area in the society unit', () => {
  it('reads rods to a tenth as the square metres they are, and reads them back as typed', () => {
    expect(parseArea('10', 'rod')).toEqual({ ok: true, value: 253 })
    expect(parseArea(' 4.5 ', 'rod')).toEqual({ ok: true, value: 114 })
    for (let tenths = 0; tenths <= 5000; tenths++) {
      const typed = String(tenths / 10)
      const stored = parseArea(typed, 'rod')
      expect(stored.ok && areaInput(stored.value, 'rod')).toBe(typed)
    }
  })

  it('says the area in its unit: "253 m²", "10 rods", "4.5 rods", "1 rod"', () => {
    expect(areaText(253, 'squareMetre')).toBe('253 m²')
    expect(areaText(253, 'rod')).toBe('10 rods')
    expect(areaText(126, 'rod')).toBe('5 rods')
    expect(areaText(114, 'rod')).toBe('4.5 rods')
    expect(areaText(25, 'rod')).toBe('1 rod')
  })

  it('refuses what is not an area in the unit, naming the area', () => {
    for (const text of ['', '4.55', '-1', 'ten', '1e3', '39542'])
      expect(parseArea(text, 'rod')).toEqual({ ok: false, message: plotMessages.areaInRods })
    for (const text of ['12.5', '1000001'])
      expect(parseArea(text, 'squareMetre')).toEqual({
        ok: false,
        message: plotMessages.areaWholeNumber,
      })
    expect(plotMessages.areaInRods).toMatch(/^Area /)
  })

  it('rounds halves up, whole numbers only', () => {
    expect([halfUp(5, 10), halfUp(4, 10), halfUp(15, 10), halfUp(649_957, 100)]).toEqual([
      1, 0, 2, 6500,
    ])
  })
})
