import { describe, expect, it } from 'vitest'
import {
  checkEntry,
  creditMoves,
  creditOf,
  NO_ENTRIES,
  outstandingOf,
  paymentNote,
} from '#shared/domain/rent'
import { invoiceSuggester } from '#shared/domain/statement-suggest'
import { rentMessages } from '#shared/messages/rent'

// Issue 43, item 2: a payment beyond what is owed is taken in full, the rest the payer's credit,
// used by their next invoice (a carry off one invoice, a credit onto the other) or refunded.

describe('a payer’s credit', () => {
  it('takes a payment larger than owed in full, leaving the invoice in credit', () => {
    const sums = { ...NO_ENTRIES }
    expect(checkEntry({ amount: 5875, sums }, 'payment', 6500)).toEqual({ ok: true, value: 6500 })
    sums.payment = 6500
    expect(outstandingOf(5875, sums)).toBe(-625)
    expect(creditOf([{ outstanding: -625, cancelled: false }])).toBe(625)
    // In credit, nothing is owed: no more payments, no write-off; the credit may be refunded.
    expect(checkEntry({ amount: 5875, sums }, 'payment', 100)).toEqual({
      ok: false,
      message: rentMessages.invoiceSettled,
    })
    expect(checkEntry({ amount: 5875, sums }, 'refund', 625)).toEqual({ ok: true, value: 625 })
  })

  it('carries no more than an invoice’s credit, and pays no more than another owes', () => {
    const inCredit = { amount: 5875, sums: { ...NO_ENTRIES, payment: 6500 } }
    expect(checkEntry(inCredit, 'carry', 625)).toEqual({ ok: true, value: 625 })
    expect(checkEntry(inCredit, 'carry', 626)).toEqual({
      ok: false,
      message: rentMessages.carryTooLarge('£6.25'),
    })
    const owing = { amount: 500, sums: { ...NO_ENTRIES } }
    expect(checkEntry(owing, 'credit', 501)).toEqual({
      ok: false,
      message: rentMessages.creditTooLarge('£5.00'),
    })
    // Credit carried away is money no longer held: not refunded, and the invoice may be cancelled.
    const carried = { amount: 5875, sums: { ...NO_ENTRIES, payment: 6500, carry: 625 } }
    expect(outstandingOf(carried.amount, carried.sums)).toBe(0)
    expect(checkEntry(carried, 'refund', 6500)).toEqual({
      ok: false,
      message: rentMessages.refundTooLarge('£58.75'),
    })
  })

  it('moves the oldest credit to the oldest invoice that owes, never beyond either', () => {
    const moves = creditMoves([
      { id: 1, outstanding: -300, cancelled: false },
      { id: 2, outstanding: -100, cancelled: false },
      { id: 3, outstanding: 250, cancelled: false },
      { id: 4, outstanding: 500, cancelled: true },
      { id: 5, outstanding: 1000, cancelled: false },
    ])
    expect(moves).toEqual([
      { from: 1, to: 3, amount: 250 },
      { from: 1, to: 5, amount: 50 },
      { from: 2, to: 5, amount: 100 },
    ])
  })

  it('points out a payment short of what is owed, or over it', () => {
    expect(paymentNote(4875, 5875)).toBe(rentMessages.paymentShort('£10.00', '£58.75'))
    expect(paymentNote(6500, 5875)).toBe(rentMessages.paymentOver('£6.25'))
    expect(paymentNote(5875, 5875)).toBeNull()
  })

  it('suggests the payer’s invoice for a line naming them, though it pays more than owed', () => {
    const suggest = invoiceSuggester([
      { number: 1, plotId: '1', payerName: 'Margaret Ellison', outstanding: 5875 },
      { number: 2, plotId: '2', payerName: 'Priya Shah', outstanding: 6500 },
    ])
    const numbers = (reference: string, amount: number) =>
      suggest({ reference, amount }).map((parts) => parts.map((part) => part.invoice.number))
    expect(numbers('FASTER PAYMENTS RECEIPT REF.ELLISON PLOT 1 FROM M ELLISON', 6500)[0]).toEqual([
      1,
    ])
    expect(numbers('ALLOTMENT RENT FROM P SHAH', 5500)[0]).toEqual([2])
  })
})
