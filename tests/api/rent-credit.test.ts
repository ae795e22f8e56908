import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentNote } from '#shared/domain/rent'
import { rentMessages } from '#shared/messages/rent'
import type {
  Invoice,
  InvoiceStatement,
  MyRent,
  RentYear,
  StatementLine,
  YearSummary,
} from '#shared/schemas/rent'
import { BANK_STATEMENTS } from '#tests/helpers/bank-statements'
import { createPerson, createPlot, linkAccount, send } from '#tests/helpers/records'
import {
  confirmLines,
  expectSummaryAddsUp,
  startRentYear,
  statementLines,
} from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 43, item 2: a payment larger than what is owed is recorded in full, from a statement (with
// the rest of its batch) and on the invoice page; the excess is the payer's credit, shown on their
// statement and My allotment, used on an invoice that owes or by the next year's, or refunded.

const START = '2026-10-01'
const NEXT = '2027-10-01'

describe.each(engines)('a payer’s credit on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let ellisonAccount = ''

  const invoicesOf = async (personId: string) => {
    const answer = await send(t, committee, 'GET', `/api/people/${personId}/invoices`)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json() as InvoiceStatement
  }
  const invoiceOf = async (plotId: string, label = '2026/27') =>
    (await send(t, committee, 'GET', `/api/plots/${plotId}/invoices`))
      .json()
      .invoices.find((invoice: Invoice) => invoice.yearLabel === label) as Invoice
  const ledgerCount = async () =>
    (await t.db.kysely.selectFrom('ledger').select('id').execute()).length

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    ellisonAccount = await t.signInAs(1, 'ellison-account')
    const post = { email: '', contactBy: 'post' }
    await createPerson(t, committee, 'ellison', {
      ...post,
      firstName: 'Margaret',
      lastName: 'Ellison',
    })
    await createPerson(t, committee, 'brennan', { ...post, firstName: 'Sean', lastName: 'Brennan' })
    await createPerson(t, committee, 'shah', { ...post, firstName: 'Priya', lastName: 'Shah' })
    for (const [plot, fee, person] of [
      ['1', 58, 'ellison'],
      ['4', 20, 'ellison'],
      ['2', 40, 'brennan'],
      ['3', 30, 'shah'],
    ] as const) {
      await createPlot(t, committee, plot, { fee })
      const added = await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)
      expect(added.statusCode, added.body).toBe(200)
    }
    await linkAccount(t, committee, 'ellison-account', 'ellison')
    expect((await startRentYear(t, committee, START)).statusCode).toBe(201)
  })
  afterAll(() => t.close())

  it('records a statement’s overpayment in full with the rest of its batch, the excess the payer’s credit', async () => {
    const lines = await statementLines(
      t,
      committee,
      BANK_STATEMENTS['Barclays']!([
        {
          date: '2026-10-06',
          pence: 6500,
          reference: 'FASTER PAYMENTS RECEIPT REF.ELLISON PLOT 1 FROM M ELLISON',
        },
        { date: '2026-10-06', pence: 3000, reference: 'BRENNAN PLOT 2' },
        { date: '2026-10-07', pence: 3000, reference: 'ALLOTMENT RENT FROM P SHAH' },
      ]),
    )
    const [ellison, brennan, shah] = [
      await invoiceOf('1'),
      await invoiceOf('2'),
      await invoiceOf('3'),
    ]
    // Each line names its payer, and is suggested their invoice, though it pays more or less.
    const first = (line: StatementLine) => line.suggestions[0]![0]!.invoice.invoiceId
    expect(lines.map(first)).toEqual([ellison.id, brennan.id, shah.id])
    expect(paymentNote(lines[0]!.amount, ellison.outstanding)).toBe(
      rentMessages.paymentOver('£7.00'),
    )
    expect(paymentNote(lines[1]!.amount, brennan.outstanding)).toBe(
      rentMessages.paymentShort('£10.00', '£40.00'),
    )
    const confirmed = await confirmLines(
      t,
      committee,
      lines.map((line, index) => ({ line, invoiceId: [ellison, brennan, shah][index]!.id })),
    )
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toEqual({ recorded: 3 })
    expect((await invoiceOf('1')).outstanding).toBe(-700)
    expect((await invoiceOf('2')).outstanding).toBe(1000)
    expect((await invoiceOf('3')).outstanding).toBe(0)
    expect((await invoicesOf('ellison')).credit).toBe(700)
    const mine = await send(t, ellisonAccount, 'GET', '/api/me/rent')
    expect(mine.statusCode, mine.body).toBe(200)
    expect((mine.json() as MyRent).credit).toBe(700)
  })

  it('uses the credit on an invoice of the payer’s that owes, once however often it is sent', async () => {
    const use = { requestId: randomUUID() }
    const answer = await send(t, committee, 'POST', '/api/people/ellison/credit/use', use)
    expect(answer.statusCode, answer.body).toBe(200)
    expect((answer.json() as InvoiceStatement).credit).toBe(0)
    const rows = await ledgerCount()
    expect(
      (await send(t, committee, 'POST', '/api/people/ellison/credit/use', use)).statusCode,
    ).toBe(200)
    expect(await ledgerCount()).toBe(rows)
    expect(await invoiceOf('1')).toMatchObject({ outstanding: 0, carried: 700 })
    expect(await invoiceOf('4')).toMatchObject({ outstanding: 1300, paidFromCredit: 700 })
  })

  it('records an overpayment on the invoice page, and refunds credit no more than is held', async () => {
    const brennan = await invoiceOf('2')
    const paid = await send(t, committee, 'POST', `/api/rent/invoices/${brennan.id}/payments`, {
      amount: 1500,
      method: 'cash',
      date: '2026-10-09',
      reference: 'at the gate',
      requestId: randomUUID(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
    expect((await invoicesOf('brennan')).credit).toBe(500)
    const refund = (amount: number) =>
      send(t, committee, 'POST', '/api/people/brennan/credit/refund', {
        amount,
        reference: 'BACS to S Brennan',
        requestId: randomUUID(),
      })
    const tooMuch = await refund(800)
    expect(tooMuch.statusCode, tooMuch.body).toBe(422)
    expect(tooMuch.json().detail).toBe(rentMessages.creditRefundTooLarge('£5.00'))
    const given = await refund(200)
    expect(given.statusCode, given.body).toBe(200)
    expect((given.json() as InvoiceStatement).credit).toBe(300)
    expect(await invoiceOf('2')).toMatchObject({ outstanding: -300, refunded: 200 })
  })

  it('pays the next year’s invoice from the credit held when the year starts', async () => {
    expect((await startRentYear(t, committee, NEXT)).statusCode).toBe(201)
    expect(await invoiceOf('2', '2027/28')).toMatchObject({
      amount: 4000,
      paidFromCredit: 300,
      outstanding: 3700,
    })
    expect(await invoiceOf('2')).toMatchObject({ outstanding: 0, carried: 300 })
    expect((await invoicesOf('brennan')).credit).toBe(0)
    // The first year's summary still adds up, with the credit carried out of it.
    const years = (await send(t, committee, 'GET', '/api/rent/years')).json() as RentYear[]
    const first = years.find((year) => year.startDate === START)!
    const summary = (
      await send(t, committee, 'GET', `/api/rent/years/${first.id}/summary`)
    ).json() as YearSummary
    expect(summary).toMatchObject({ carried: 1000, paidFromCredit: 700, credit: 0 })
    expectSummaryAddsUp(summary)
  })
})
