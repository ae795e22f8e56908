import { describe, expect, it } from 'vitest'
import { rentNoticeSettled, rentNoticeTerms } from '#shared/domain/rent-notice'
import { noticeToQuitMessages } from '#shared/messages/notice-to-quit'

// Issue 47, item 6 (decision 61): notice to quit for rent may be given from the 40th day past due,
// for an invoice still owing and with no notice running; it runs a month, and the tenancy goes on
// when what it named is paid by its end.

const owing = {
  amount: 6000,
  outstanding: 6000,
  cancelled: false,
  dueDate: '2026-10-31',
  split: null,
  steps: [],
}
const none = { forInvoice: false, onPlot: false }

describe('notice to quit for rent', () => {
  it('is refused before the 40th day past due, and allowed from it for a month', () => {
    expect(rentNoticeTerms(owing, '2026-12-09', none)).toEqual({
      ok: false,
      message: noticeToQuitMessages.tooEarly(39),
    })
    expect(rentNoticeTerms(owing, '2026-12-10', none)).toEqual({
      ok: true,
      value: { overdue: 6000, dueOn: '2026-10-31', daysPastDue: 40, endsOn: '2027-01-10' },
    })
  })

  it('is refused for an invoice cancelled or paid, or while a notice runs', () => {
    const late = '2027-01-20'
    expect(rentNoticeTerms({ ...owing, cancelled: true }, late, none)).toMatchObject({
      message: noticeToQuitMessages.invoiceCancelled,
    })
    expect(rentNoticeTerms({ ...owing, outstanding: 0 }, late, none)).toMatchObject({
      message: noticeToQuitMessages.nothingOwed,
    })
    expect(rentNoticeTerms(owing, late, { forInvoice: true, onPlot: true })).toMatchObject({
      message: noticeToQuitMessages.alreadyGiven,
    })
    expect(rentNoticeTerms(owing, late, { forInvoice: false, onPlot: true })).toMatchObject({
      message: noticeToQuitMessages.plotUnderNotice,
    })
  })

  it('names what of an invoice in instalments is overdue, from its earliest unpaid instalment', () => {
    const split = {
      ...owing,
      split: {
        coveredBefore: 0,
        instalments: [
          { dueDate: '2026-11-15', amount: 3000 },
          { dueDate: '2026-12-15', amount: 3000 },
        ],
      },
    }
    expect(rentNoticeTerms(split, '2026-12-25', none)).toEqual({
      ok: true,
      value: { overdue: 6000, dueOn: '2026-11-15', daysPastDue: 40, endsOn: '2027-01-25' },
    })
  })

  it('is settled when what it named is paid, written off or cancelled', () => {
    expect(rentNoticeSettled(owing, '2026-12-10')).toBe(false)
    expect(rentNoticeSettled({ ...owing, outstanding: 0 }, '2026-12-10')).toBe(true)
    expect(rentNoticeSettled({ ...owing, outstanding: 1 }, '2026-12-10')).toBe(false)
    expect(rentNoticeSettled({ ...owing, cancelled: true }, '2026-12-10')).toBe(true)
  })
})
