import { describe, expect, it } from 'vitest'
import { feePence, MAX_PENCE, parsePounds, statementPence } from '#shared/domain/money'
import { moneyMessages } from '#shared/messages/money'

// Pounds become pence in one module (issue 27): what a person types, what a bank statement
// writes, and a plot's fee.

describe('money', () => {
  it('reads pounds typed by a person as whole pence, refusing what is not money or out of range', () => {
    expect(parsePounds(' £1,200.5 ')).toEqual({ ok: true, value: 120_050 })
    expect(parsePounds('12')).toEqual({ ok: true, value: 1200 })
    for (const text of ['', '12.505', '-4', '(4.00)', 'ten', '1e3'])
      expect(parsePounds(text)).toEqual({ ok: false, message: moneyMessages.amountNotMoney })
    for (const text of ['0', '0.00', String(MAX_PENCE / 100 + 0.01), '99999999999999999999'])
      expect(parsePounds(text)).toEqual({ ok: false, message: moneyMessages.amountOutOfRange })
  })

  it('reads a bank statement amount as pence, money out negative', () => {
    expect(statementPence('£1,200.00')).toBe(120_000)
    expect(statementPence(' 12.5 ')).toBe(1250)
    expect(statementPence('(4.00)')).toBe(-400)
    expect(statementPence('-4.00')).toBe(-400)
    for (const text of ['', 'ten', '12.505', '99999999999999999999'])
      expect(statementPence(text)).toBeUndefined()
  })

  it('turns a fee in pounds into pence, rounding away the float', () => {
    expect(feePence(45)).toBe(4500)
    expect(feePence(0.29)).toBe(29)
    expect(feePence(19.99)).toBe(1999)
  })
})
