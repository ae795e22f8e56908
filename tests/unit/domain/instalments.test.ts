import { describe, expect, it } from 'vitest'
import {
  chasedFrom,
  monthOn,
  overdueOf,
  settleInstalments,
  splitInstalments,
  type InstalmentPlan,
} from '#shared/domain/instalments'
import { daysPastDue, nextChase, nextLook, NOTICE_TO_QUIT_DAYS } from '#shared/domain/rent-chase'
import { instalmentMessages } from '#shared/messages/instalments'

// Issue 47, item 3 (decision 60): an invoice split into instalments, settled in due-date order by
// what was paid since the split, and chased from its earliest unpaid instalment.

const DAYS = { first: 14, second: 28, arrears: 40 }

describe('splitting what is owed into instalments', () => {
  it('makes Sheffield’s £20 instalments monthly, the last taking what is left', () => {
    expect(splitInstalments(6500, '2026-11-01', { amount: 2000 })).toEqual({
      ok: true,
      value: [
        { dueDate: '2026-11-01', amount: 2000 },
        { dueDate: '2026-12-01', amount: 2000 },
        { dueDate: '2027-01-01', amount: 2000 },
        { dueDate: '2027-02-01', amount: 500 },
      ],
    })
  })

  it('splits into a number of instalments in whole pence that sum exactly to what is owed', () => {
    const split = splitInstalments(10000, '2026-11-15', { count: 3 })
    expect(split).toEqual({
      ok: true,
      value: [
        { dueDate: '2026-11-15', amount: 3333 },
        { dueDate: '2026-12-15', amount: 3333 },
        { dueDate: '2027-01-15', amount: 3334 },
      ],
    })
    for (const owed of [1, 2, 99, 4501, 123457])
      for (const count of [2, 3, 7, 24]) {
        const made = splitInstalments(owed, '2026-10-31', { count })
        if (!made.ok) continue
        expect(made.value.reduce((sum, i) => sum + i.amount, 0)).toBe(owed)
        expect(made.value.every((i) => Number.isInteger(i.amount) && i.amount > 0)).toBe(true)
      }
  })

  it('keeps the day of the month, or the month’s last when it has none', () => {
    expect([0, 1, 2, 3, 13].map((m) => monthOn('2027-01-31', m))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2028-02-29',
    ])
  })

  it('refuses a split that cannot be made, saying why', () => {
    expect(splitInstalments(0, '2026-11-01', { count: 3 })).toEqual({
      ok: false,
      message: instalmentMessages.nothingOwed,
    })
    expect(splitInstalments(6500, '2026-11-01', { count: 1 })).toMatchObject({ ok: false })
    expect(splitInstalments(6500, '2026-11-01', { count: 25 })).toMatchObject({ ok: false })
    expect(splitInstalments(2, '2026-11-01', { count: 3 })).toMatchObject({ ok: false })
    expect(splitInstalments(6500, '2026-11-01', { amount: 6500 })).toMatchObject({ ok: false })
    expect(splitInstalments(6500, '2026-11-01', { amount: 100 })).toMatchObject({
      ok: false,
      message: instalmentMessages.amountTooSmall(24),
    })
  })
})

describe('settling instalments by what was paid', () => {
  const plan: InstalmentPlan = {
    coveredBefore: 1000,
    instalments: [
      { dueDate: '2026-11-01', amount: 2000 },
      { dueDate: '2026-12-01', amount: 2000 },
      { dueDate: '2027-01-01', amount: 1500 },
    ],
  }
  // £65 invoiced, £10 paid before the split: £55 in three instalments.
  const invoice = (outstanding: number) => ({
    amount: 6500,
    outstanding,
    cancelled: false,
    dueDate: '2026-10-31',
    split: plan,
    steps: [],
  })

  it('pays them in due-date order, part payments included', () => {
    expect(settleInstalments(plan, invoice(5500 - 2500), '2026-12-10')).toEqual([
      { dueDate: '2026-11-01', amount: 2000, paid: 2000, outstanding: 0, overdue: false },
      { dueDate: '2026-12-01', amount: 2000, paid: 500, outstanding: 1500, overdue: true },
      { dueDate: '2027-01-01', amount: 1500, paid: 0, outstanding: 1500, overdue: false },
    ])
    expect(overdueOf(invoice(3000), '2026-12-10')).toBe(1500)
    expect(chasedFrom(invoice(3000))).toBe('2026-12-01')
  })

  it('sums their outstanding to the invoice’s, whatever was paid, and none when in credit', () => {
    for (const outstanding of [5500, 5499, 3500, 1, 0, -700]) {
      const states = settleInstalments(plan, invoice(outstanding), '2027-06-01')
      expect(states.reduce((sum, s) => sum + s.outstanding, 0)).toBe(Math.max(0, outstanding))
    }
    // Money paid before the split and refunded after it is owed again with the first instalment.
    const refunded = settleInstalments(plan, invoice(6000), '2026-10-01')
    expect(refunded.map((s) => s.outstanding)).toEqual([2500, 2000, 1500])
  })

  it('chases the earliest unpaid instalment, each one’s steps apart, none once it is paid', () => {
    const owing = { ...invoice(5500), steps: [] }
    expect(nextChase(owing, DAYS)).toEqual({
      step: 'first',
      from: '2026-11-01',
      date: '2026-11-15',
    })
    const chased = {
      ...owing,
      steps: (['first', 'second', 'arrears'] as const).map((step) => ({
        step,
        from: '2026-11-01',
      })),
    }
    // Every step of the first taken: look again at the next instalment's first reminder.
    expect(nextChase(chased, DAYS)).toBeUndefined()
    expect(nextLook(chased, DAYS, '2026-12-12')).toBe('2026-12-15')
    // The first paid: the second's own steps, from its due date.
    expect(nextChase({ ...chased, outstanding: 3500 }, DAYS)).toEqual({
      step: 'first',
      from: '2026-12-01',
      date: '2026-12-15',
    })
    // Its due instalments paid, an invoice is overdue by nothing.
    expect(overdueOf({ ...owing, outstanding: 3500 }, '2026-12-01')).toBe(0)
    expect(nextChase({ ...owing, outstanding: 0 }, DAYS)).toBeUndefined()
  })

  it('leaves an invoice not split as it was: chased from its own due date', () => {
    const whole = { ...invoice(6500), split: null }
    expect(overdueOf(whole, '2026-10-31')).toBe(0)
    expect(overdueOf(whole, '2026-11-01')).toBe(6500)
    expect(nextChase(whole, DAYS)).toEqual({
      step: 'first',
      from: '2026-10-31',
      date: '2026-11-14',
    })
  })
})

describe('days past due', () => {
  const whole = {
    amount: 6000,
    outstanding: 6000,
    cancelled: false,
    dueDate: '2026-10-31',
    split: null,
    steps: [],
  }

  it('counts whole days from the due date, notice to quit allowed from the 40th', () => {
    expect(daysPastDue(whole, '2026-10-31')).toBe(0)
    expect(daysPastDue(whole, '2026-12-10')).toBe(NOTICE_TO_QUIT_DAYS)
    // Across the clocks going back (25 October 2026): still whole days.
    expect(daysPastDue({ ...whole, dueDate: '2026-10-20' }, '2026-10-30')).toBe(10)
    expect(daysPastDue({ ...whole, outstanding: 0 }, '2027-01-01')).toBe(0)
  })
})
