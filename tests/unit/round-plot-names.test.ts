import { describe, expect, it } from 'vitest'
import type { RoundDetail } from '#shared/schemas/inspections'
import { plotNames } from '#client/features/inspections/plot-names.ts'
import { keysByName } from '#client/components/site-map/site-map-query.ts'

// Issue 46 on a round's screen: the second site's plot "1" is keyed "1-2". The round shows its
// name, and a round kept on the phone before plots had names still shows every plot, by its key.

const plot = { description: '', occupied: true }

describe("a round's plots by name", () => {
  it('shows each plot by its name, and a key the round does not list as it is', () => {
    const name = plotNames([
      { ...plot, id: '1-2', name: '1' },
      { ...plot, id: '2', name: '2' },
    ])
    expect(name('1-2')).toBe('1')
    expect(name('2')).toBe('2')
    expect(name('9-2')).toBe('9-2')
  })

  it('shows the key of a plot in a round kept on the phone from before plots had names', () => {
    const cached = [
      { ...plot, id: '1' },
      { ...plot, id: '1a' },
    ] as unknown as RoundDetail['plots']
    const name = plotNames(cached)
    expect(['1', '1a'].map(name)).toEqual(['1', '1a'])
  })

  it("finds a drawn plot's key by its name, in any case", () => {
    const keyOf = keysByName([
      { id: '1-2', name: '1' },
      { id: '4A-2', name: '4A' },
    ])
    expect(keyOf('1')).toBe('1-2')
    expect(keyOf('4a')).toBe('4A-2')
    // A drawn plot with no record is known by its name alone.
    expect(keyOf('7')).toBe('7')
  })
})
