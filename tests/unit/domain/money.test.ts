import { describe, expect, it } from 'vitest'
import {
  feeInput,
  feePence,
  MAX_PENCE,
  MAX_RATE,
  parseFee,
  parsePounds,
  parseRate,
  rateInput,
  rateText,
  statementPence,
} from '#shared/domain/money'
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

  it('reads a fee in pounds and pence, nought included, refusing a third place by naming the fee', () => {
    expect(parseFee('32.50')).toEqual({ ok: true, value: 3250 })
    expect(parseFee('£65')).toEqual({ ok: true, value: 6500 })
    expect(parseFee('0')).toEqual({ ok: true, value: 0 })
    for (const text of ['32.555', '-1', '', 'ten', String(MAX_PENCE / 100 + 0.01)])
      expect(parseFee(text)).toEqual({ ok: false, message: moneyMessages.feeMoney })
    expect([feeInput(32.5), feeInput(45), feeInput(0.05)]).toEqual(['32.50', '45', '0.05'])
  })

  it("keeps a rate's fraction of a penny, in hundredths of a penny", () => {
    expect(parseRate('0.2569')).toEqual({ ok: true, value: 2569 })
    expect(parseRate('£6.5')).toEqual({ ok: true, value: 65_000 })
    expect(parseRate('')).toEqual({ ok: true, value: 0 })
    for (const text of ['0.25691', 'ten', String(MAX_RATE / 10_000 + 1)])
      expect(parseRate(text)).toEqual({ ok: false, message: moneyMessages.rateMoney })
    expect([2569, 65_000, 650, 0].map(rateText)).toEqual(['£0.2569', '£6.50', '£0.065', '£0.00'])
    expect(rateInput(2569)).toBe('0.2569')
  })
})
