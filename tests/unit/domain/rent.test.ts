import { invoiceLines } from '#shared/domain/invoice-lines'
import { describe, expect, it } from 'vitest'
import { MAX_PENCE, penceText } from '#shared/domain/money'
import {
  addDays,
  checkInvoice,
  checkYearStart,
  everyYearHas,
  invoiceDueDate,
  RENT_STEPS,
  sameSending,
  sendingTo,
  stepDate,
  suggestedYearStart,
} from '#shared/domain/rent'
import { rentMessages } from '#shared/messages/rent'

// The rent year's bounds (issue 26): when a year may start and the most an invoice may charge; and
// a first rent run that cannot surprise (issue 28): the start offered, the due date, what is sent.

describe('when a rent year may start', () => {
  it('allows a year either side of today, the ends included', () => {
    const refused = rentMessages.yearStartOutOfRange('2025-10-01', '2027-10-01')
    expect(refused).toBe(
      'A rent year can start from 1 October 2025 to 1 October 2027: no more than a year before or after today.',
    )
    for (const start of ['2025-10-01', '2026-10-01', '2027-10-01'])
      expect(checkYearStart(start, '2026-10-01')).toEqual({ ok: true, value: start })
    for (const start of ['2025-09-30', '2027-10-02', '9999-12-31', '0001-01-01'])
      expect(checkYearStart(start, '2026-10-01')).toEqual({ ok: false, message: refused })
  })

  it('takes 28 February a year on and back from 29 February', () => {
    expect(checkYearStart('2029-02-28', '2028-02-29').ok).toBe(true)
    expect(checkYearStart('2029-03-01', '2028-02-29')).toEqual({
      ok: false,
      message: rentMessages.yearStartOutOfRange('2027-02-28', '2029-02-28'),
    })
  })
})

describe('the start a new rent year is offered with', () => {
  it('is the start of the year the society is in, when that year has not been started', () => {
    // Issue 43: on 27 November 2026 the form offered 1 October 2027, which would invoice next year.
    expect(suggestedYearStart([], '10-01', '2026-11-27')).toBe('2026-10-01')
    expect(suggestedYearStart(['2025-10-01'], '10-01', '2026-11-25')).toBe('2026-10-01')
    expect(suggestedYearStart([], '10-01', '2026-10-01')).toBe('2026-10-01')
    expect(suggestedYearStart([], '10-01', '2026-09-30')).toBe('2025-10-01')
    expect(suggestedYearStart([], '01-01', '2026-12-31')).toBe('2026-01-01')
    expect(suggestedYearStart([], '01-01', '2026-01-01')).toBe('2026-01-01')
  })

  it('is the one after once the year the society is in is started', () => {
    expect(suggestedYearStart(['2026-10-01'], '10-01', '2026-10-01')).toBe('2027-10-01')
    expect(suggestedYearStart(['2025-10-01'], '10-01', '2026-09-15')).toBe('2026-10-01')
    expect(suggestedYearStart(['2026-10-01'], '10-01', '2026-11-25')).toBe('2027-10-01')
    expect(suggestedYearStart(['2026-10-01', '2027-10-01'], '10-01', '2026-11-25')).toBe(
      '2028-10-01',
    )
  })
})

describe("an invoice's due date", () => {
  const days = { first: 14, second: 28, arrears: 40 }

  it('is the days to pay after the start, or after the issue when the start has passed', () => {
    expect(invoiceDueDate('2026-10-01', '2026-10-01', 30)).toBe('2026-10-31')
    expect(invoiceDueDate('2026-10-01', '2026-09-20', 30)).toBe('2026-10-31')
    // Issue 28: issued on 25 November for a year that started on 1 October, it read "Due by:
    // 2026-10-31", overdue the day it was sent.
    expect(invoiceDueDate('2026-10-01', '2026-11-25', 30)).toBe('2026-12-25')
    expect(invoiceDueDate('2025-11-26', '2026-11-25', 1)).toBe('2026-11-26')
  })

  it('leaves the days to pay whole, and no step falls on the day of issue or within them', () => {
    const issuedOn = '2026-11-25'
    for (let back = -365; back <= 365; back += 7)
      for (const daysToPay of [1, 30, 365])
        for (const first of [1, 14]) {
          const startDate = addDays(issuedOn, back)
          const dueDate = invoiceDueDate(startDate, issuedOn, daysToPay)
          const where = `${startDate}, ${daysToPay} days to pay`
          expect(dueDate >= addDays(issuedOn, daysToPay), where).toBe(true)
          for (const step of RENT_STEPS)
            expect(stepDate(dueDate, step, { ...days, first }) > dueDate, where).toBe(true)
        }
  })
})

describe('what starting a year sends', () => {
  it('counts an e-mail for each payer with an address, a letter for each without or who asked', () => {
    expect(
      sendingTo([
        { email: 'a@example.org', contactBy: 'email' },
        { email: 'b@example.org', contactBy: 'both' },
        { email: '', contactBy: 'email' },
        { email: 'd@example.org', contactBy: 'post' },
      ]),
    ).toEqual({ invoices: 4, emails: 2, letters: 3 })
    expect(sameSending({ invoices: 1, emails: 1, letters: 0 }, sendingTo([]))).toBe(false)
  })

  it('says so in words, each part singular or plural, a part with none left out', () => {
    const date = '2026-12-10'
    expect(rentMessages.sendingNow({ emails: 15, letters: 3 }, date)).toBe(
      '15 e-mails and 3 letters now; no reminders before 10 December 2026',
    )
    expect(rentMessages.sendingNow({ emails: 1, letters: 1 }, date)).toBe(
      '1 e-mail and 1 letter now; no reminders before 10 December 2026',
    )
    expect(rentMessages.sendingNow({ emails: 2, letters: 0 }, date)).toBe(
      '2 e-mails now; no reminders before 10 December 2026',
    )
    expect(rentMessages.sendingNow({ emails: 0, letters: 1 }, date)).toBe(
      '1 letter now; no reminders before 10 December 2026',
    )
    expect(rentMessages.sendInvoices(18)).toBe('Send 18 invoices')
    expect(rentMessages.sendInvoices(1)).toBe('Send 1 invoice')
    expect(rentMessages.sendInvoices(1200)).toBe('Send 1,200 invoices')
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

describe("a plot's rent line", () => {
  const rules = {
    chargeBasis: 'area' as const,
    areaUnit: 'rod' as const,
    areaRate: 65_000,
    bandFees: { full: 6500, half: 3250, quarter: 1625 },
    concessionPercent: 0,
    extras: [],
  }
  const plot = { fee: 32.5, area: 253, sizeBand: null }

  it('says how it was worked out: by the rod, by the square metre, by band, by fee', () => {
    expect(invoiceLines(plot, { flag: false, grants: [] }, rules)).toEqual([
      { description: '10 rods at £6.50', amount: 6500 },
    ])
    expect(
      invoiceLines(
        plot,
        { flag: false, grants: [] },
        { ...rules, areaUnit: 'squareMetre', areaRate: 2569 },
      ),
    ).toEqual([{ description: '253 m² at £0.2569', amount: 6500 }])
    expect(invoiceLines({ ...plot, sizeBand: 'half' }, { flag: false, grants: [] }, rules)).toEqual(
      [{ description: 'Half plot', amount: 3250 }],
    )
    expect(
      invoiceLines(plot, { flag: false, grants: [] }, { ...rules, chargeBasis: 'fee' }),
    ).toEqual([{ description: 'Rent', amount: 3250 }])
  })

  it('rounds the line to the penny once, half a penny up', () => {
    // 2 m² at £0.0025: half a penny, up; 1 m²: a quarter, down.
    const rate = { ...rules, areaUnit: 'squareMetre' as const, areaRate: 25 }
    expect(invoiceLines({ ...plot, area: 2 }, { flag: false, grants: [] }, rate)[0]!.amount).toBe(1)
    expect(invoiceLines({ ...plot, area: 1 }, { flag: false, grants: [] }, rate)[0]!.amount).toBe(0)
  })
})
