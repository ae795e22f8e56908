import { describe, expect, it } from 'vitest'
import { MAX_PENCE, penceText } from '#shared/domain/money'
import {
  checkInvoice,
  checkYearStart,
  everyYearHas,
  longDate,
  stepsDueBy,
} from '#shared/domain/rent'
import { rentMessages } from '#shared/messages/rent'

// The rent year's bounds (issue 26): when a year may start, what the preview warns of, and the
// most an invoice may charge.

describe('when a rent year may start', () => {
  it('allows a year either side of today, the ends included', () => {
    const refused = rentMessages.yearStartOutOfRange(longDate('2025-10-01'), longDate('2027-10-01'))
    for (const start of ['2025-10-01', '2026-10-01', '2027-10-01'])
      expect(checkYearStart(start, '2026-10-01')).toEqual({ ok: true, value: start })
    for (const start of ['2025-09-30', '2027-10-02', '9999-12-31', '0001-01-01'])
      expect(checkYearStart(start, '2026-10-01')).toEqual({ ok: false, message: refused })
  })

  it('takes 28 February a year on and back from 29 February', () => {
    expect(checkYearStart('2029-02-28', '2028-02-29').ok).toBe(true)
    expect(checkYearStart('2029-03-01', '2028-02-29')).toEqual({
      ok: false,
      message: rentMessages.yearStartOutOfRange('28 February 2027', '28 February 2029'),
    })
  })
})

describe('deadlines already past at the start', () => {
  const days = { first: 14, second: 28, arrears: 40 }

  it('lists the steps due on or before today, in order', () => {
    expect(stepsDueBy('2026-10-31', days, '2026-11-13')).toEqual([])
    expect(stepsDueBy('2026-10-31', days, '2026-11-14')).toEqual([
      { step: 'first', date: '2026-11-14' },
    ])
    expect(stepsDueBy('2025-10-31', days, '2026-10-01').map((s) => s.step)).toEqual([
      'first',
      'second',
      'arrears',
    ])
  })

  it('warns in one sentence with the dates as people read them', () => {
    expect(rentMessages.stepsAlreadyDue([{ step: 'first', date: longDate('2026-11-14') }])).toBe(
      'With this start date, the first reminder (14 November 2026) is already past: starting the year sends that reminder at once, before anyone has had time to pay.',
    )
    expect(
      rentMessages.stepsAlreadyDue(
        stepsDueBy('2025-10-31', days, '2026-10-01').map(({ step, date }) => ({
          step,
          date: longDate(date),
        })),
      ),
    ).toBe(
      'With this start date, the first reminder (14 November 2025), the second reminder (28 November 2025) and the arrears date (10 December 2025) are already past: starting the year sends the reminders and marks every plot in arrears at once, before anyone has had time to pay.',
    )
  })
})

describe('the most an invoice may charge', () => {
  it('takes an invoice of exactly the most, and refuses a penny more or a line beyond it', () => {
    expect(checkInvoice('A1', [{ amount: MAX_PENCE - 500 }, { amount: 500 }])).toEqual({
      ok: true,
      value: MAX_PENCE,
    })
    const over = (amount: number) =>
      rentMessages.invoiceTooLarge('A1', penceText(amount), penceText(MAX_PENCE))
    expect(checkInvoice('A1', [{ amount: MAX_PENCE }, { amount: 1 }])).toEqual({
      ok: false,
      message: over(MAX_PENCE + 1),
    })
    // The rent beyond the bound, brought under it by a concession: the rent line is still refused.
    expect(checkInvoice('A1', [{ amount: 2 * MAX_PENCE }, { amount: -MAX_PENCE }])).toEqual({
      ok: false,
      message: over(2 * MAX_PENCE),
    })
  })
})

describe('a yearly start day', () => {
  it('is one that every year has', () => {
    expect(['01-01', '02-28', '10-01', '12-31'].map(everyYearHas)).toEqual([true, true, true, true])
    expect(['02-29', '02-30', '04-31', '13-01', '00-10'].map(everyYearHas)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })
})
