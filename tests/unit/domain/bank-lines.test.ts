import { describe, expect, it } from 'vitest'
import {
  categoriesOf,
  keptCategory,
  oldestFirst,
  payeeOf,
  payeeWords,
  USUAL_BANK_CATEGORIES,
} from '#shared/domain/bank-lines'

describe('a bank line’s payee', () => {
  it('is its words up to the first that holds a digit, as a rule knows them', () => {
    expect(payeeOf('WESSEX WATER DD 40171234 MAR')).toBe('wessex water dd')
    expect(payeeOf('Wessex Water DD 40175678')).toBe('wessex water dd')
    expect(payeeWords('SKIPS R US LTD, 0911 ON 12 MAR')).toBe('SKIPS R US LTD')
    expect(payeeOf("M O'BRIEN PLOT B7")).toBe("m o'brien plot")
  })

  it('keeps the words without digits of a line that starts with a number', () => {
    expect(payeeOf('40171234 WESSEX WATER')).toBe('wessex water')
    expect(payeeOf('')).toBe('')
  })

  it('takes time in proportion to the words, whatever they hold', () => {
    const long = 'a'.repeat(100_000) + ' 1'.repeat(50_000)
    const started = performance.now()
    expect(payeeOf(long)).toHaveLength(200)
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe('a line kept', () => {
  it('is Rent when a payment was recorded from it, else the rule’s category, else none', () => {
    expect(keptCategory(true, 'water-bill')).toEqual({ categoryKey: 'rent', categoryBy: 'matched' })
    expect(keptCategory(false, 'water-bill')).toEqual({
      categoryKey: 'water-bill',
      categoryBy: 'rule',
    })
    expect(keptCategory(false, undefined)).toEqual({ categoryKey: null, categoryBy: null })
  })

  it('goes oldest first, whichever way the bank wrote the statement', () => {
    const lines = [{ date: '2026-10-09' }, { date: '' }, { date: '2026-10-01' }]
    expect(oldestFirst(lines).map((line) => line.date)).toEqual(['2026-10-01', '', '2026-10-09'])
    expect(oldestFirst([...lines].reverse())[0]!.date).toBe('2026-10-01')
  })
})

describe('the treasurer’s categories', () => {
  it('are the usual ones as changed, then those added', () => {
    const list = categoriesOf([
      { key: 'skip-hire', name: 'Skips', kind: 'spending', retired: true },
      { key: 'added-1', name: 'Seed sales', kind: 'income', retired: false },
    ])
    expect(list).toHaveLength(USUAL_BANK_CATEGORIES.length + 1)
    expect(list.find((c) => c.key === 'skip-hire')).toMatchObject({ name: 'Skips', retired: true })
    expect(list.at(-1)!.name).toBe('Seed sales')
  })
})
