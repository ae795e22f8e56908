import { describe, expect, it } from 'vitest'
import { depositTotals, entryRefusal, type DepositMoney } from '#shared/domain/deposits'
import { depositMessages } from '#shared/messages/deposits'

// Deposits (issue 47, item 2): what a deposit holds is taken less returned and kept, at the end
// of any day; an entry giving back or keeping more than is held, or dated out of order, is refused.

const entries: DepositMoney[] = [
  { kind: 'taken', date: '2026-10-01', amount: 5500 },
  { kind: 'returned', date: '2026-10-20', amount: 4000 },
  { kind: 'kept', date: '2026-10-21', amount: 1000 },
]

describe('depositTotals', () => {
  it('holds what was taken less what was returned and kept', () => {
    expect(depositTotals(entries)).toEqual({ taken: 5500, returned: 4000, kept: 1000, held: 500 })
    expect(depositTotals([])).toEqual({ taken: 0, returned: 0, kept: 0, held: 0 })
  })

  it('counts only the entries dated on or before the day asked, at its end', () => {
    expect(depositTotals(entries, '2026-09-30').held).toBe(0)
    expect(depositTotals(entries, '2026-10-01').held).toBe(5500)
    expect(depositTotals(entries, '2026-10-20').held).toBe(1500)
    expect(depositTotals(entries, '2027-01-01').held).toBe(500)
  })

  it('adds a further sum taken to what is held', () => {
    const more = [...entries, { kind: 'taken' as const, date: '2026-11-01', amount: 500 }]
    expect(depositTotals(more)).toMatchObject({ taken: 6000, held: 1000 })
  })
})

describe('entryRefusal', () => {
  const today = '2026-11-02'
  it('allows giving back or keeping up to what is held, and more taken', () => {
    expect(entryRefusal(entries, { kind: 'returned', date: today, amount: 500 }, today)).toBe(
      undefined,
    )
    expect(entryRefusal(entries, { kind: 'kept', date: '2026-10-21', amount: 1 }, today)).toBe(
      undefined,
    )
    expect(entryRefusal(entries, { kind: 'taken', date: today, amount: 99_999 }, today)).toBe(
      undefined,
    )
  })

  it('refuses giving back or keeping more than is held, naming both amounts', () => {
    for (const kind of ['returned', 'kept'] as const)
      expect(entryRefusal(entries, { kind, date: today, amount: 501 }, today)).toBe(
        depositMessages.overHeld('£5.01', '£5.00'),
      )
  })

  it('refuses an entry dated before the last, or after today', () => {
    expect(entryRefusal(entries, { kind: 'returned', date: '2026-10-20', amount: 1 }, today)).toBe(
      depositMessages.dateBeforeLast('2026-10-21'),
    )
    expect(entryRefusal([], { kind: 'taken', date: '2026-11-03', amount: 5500 }, today)).toBe(
      depositMessages.dateInFuture,
    )
  })
})
