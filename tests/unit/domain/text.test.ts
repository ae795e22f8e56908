import { describe, expect, it } from 'vitest'
import { capitalised, countInWords } from '#shared/domain/text'

describe('countInWords', () => {
  it('writes a count below ten in words and from ten in figures, as a sentence would', () => {
    expect([0, 1, 4, 9].map(countInWords)).toEqual(['no', 'one', 'four', 'nine'])
    expect([10, 12, 1200].map(countInWords)).toEqual(['10', '12', '1,200'])
    expect(capitalised(countInWords(4))).toBe('Four')
  })
})
