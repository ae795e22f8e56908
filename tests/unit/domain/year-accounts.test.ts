import { describe, expect, it } from 'vitest'
import { USUAL_BANK_CATEGORIES } from '#shared/domain/bank-lines'
import { UNCATEGORISED, yearAccounts, yearEnd } from '#shared/domain/year-accounts'

const base = {
  from: '2026-10-01',
  to: '2027-09-30',
  categories: USUAL_BANK_CATEGORIES,
  statementClosing: null,
}

describe('the receipts and payments account', () => {
  const accounts = yearAccounts({
    ...base,
    sums: [
      { categoryKey: 'rent', moneyIn: 90_000, moneyOut: 4_500, lines: 21 },
      { categoryKey: 'water-bill', moneyIn: 0, moneyOut: 16_246, lines: 2 },
      { categoryKey: null, moneyIn: 2_500, moneyOut: 12_000, lines: 2 },
    ],
    opening: { balance: 100_000, source: 'statement' },
    held: [{ label: 'Key deposits', amount: 11_000 }],
  })

  it('puts each category on its side, a refund lessening it, and lines not yet categorised by their money', () => {
    expect(accounts.receipts.find((row) => row.key === 'rent')!.amount).toBe(85_500)
    expect(accounts.payments.find((row) => row.key === 'water-bill')!.amount).toBe(16_246)
    expect(accounts.receipts.at(-1)).toEqual({ key: null, name: UNCATEGORISED, amount: 2_500 })
    expect(accounts.payments.at(-1)).toEqual({ key: null, name: UNCATEGORISED, amount: 12_000 })
    expect(accounts.uncategorised).toBe(2)
    expect(accounts.lines).toBe(25)
  })

  it('adds up to the lines: receipts less payments is their sum, and the closing balance follows', () => {
    const linesSum = 90_000 - 4_500 - 16_246 + 2_500 - 12_000
    expect(accounts.totalReceipts - accounts.totalPayments).toBe(linesSum)
    expect(accounts.closing).toBe(100_000 + linesSum)
    expect(accounts.difference).toBeNull()
    expect(accounts.totalHeld).toBe(11_000)
  })

  it('shows the difference from the statement’s own closing balance, and no balance when none is known', () => {
    const stated = yearAccounts({
      ...base,
      sums: [{ categoryKey: 'donations', moneyIn: 1_000, moneyOut: 0, lines: 1 }],
      opening: { balance: 500, source: 'entered' },
      statementClosing: 1_600,
    })
    expect(stated).toMatchObject({ closing: 1_500, difference: 100, openingSource: 'entered' })
    const unknown = yearAccounts({ ...base, sums: [], opening: null })
    expect(unknown).toMatchObject({ opening: null, closing: null, totalReceipts: 0, held: [] })
  })
})

describe('a financial year', () => {
  it('ends the day before the same date a year on', () => {
    expect(yearEnd('2026-10-01')).toBe('2027-09-30')
    expect(yearEnd('2026-01-01')).toBe('2026-12-31')
    expect(yearEnd('2028-02-29')).toBe('2029-02-28')
  })
})
