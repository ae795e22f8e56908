import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rentMessages } from '#shared/messages/rent'
import type { Invoice, StatementLine } from '#shared/schemas/rent'
import { BANK_STATEMENTS, type Payment } from '#tests/helpers/bank-statements'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { confirmLines, startRentYear, statementLines } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 43, item 3: the treasurer's choice for a line naming no invoice is remembered for that
// payer's next payment; a payment recorded by hand is offered to the line that is it, tied to it,
// and the line is then never offered again, nor recorded against another invoice.

const START = '2026-10-01'

describe.each(engines)('statements that find the payer on %s', (engine) => {
  let t: TestApp
  let committee = ''
  const invoices = new Map<string, Invoice>()

  const statement = (payments: Payment[]) =>
    statementLines(t, committee, BANK_STATEMENTS['Barclays']!(payments))
  const confirm = (line: StatementLine, invoiceId: number) =>
    confirmLines(t, committee, [{ line, invoiceId }])
  const firstSuggestion = (line: StatementLine) => line.suggestions[0]?.[0]?.invoice.invoiceId

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    const post = { email: '', contactBy: 'post' }
    for (const [plot, fee, person, firstName, lastName] of [
      ['1', 58, 'ellison', 'Margaret', 'Ellison'],
      ['2', 40, 'brennan', 'Sean', 'Brennan'],
      ['3', 30, 'shah', 'Priya', 'Shah'],
    ] as const) {
      await createPerson(t, committee, person, { ...post, firstName, lastName })
      await createPlot(t, committee, plot, { fee })
      expect(
        (await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)).statusCode,
      ).toBe(200)
    }
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    const { yearId } = started.json() as { yearId: number }
    for (const invoice of (
      await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)
    ).json() as Invoice[])
      invoices.set(invoice.plotId, invoice)
  })
  afterAll(() => t.close())

  it('remembers whom a payer’s words were paid for, and suggests their invoice next time', async () => {
    const ellison = invoices.get('1')!
    const [first] = await statement([
      { date: '2026-10-03', pence: 2000, reference: 'GIRO 40512 MRS M E' },
    ])
    expect(first!.suggestions.map((parts) => parts[0]!.invoice.invoiceId)).not.toContain(ellison.id)
    expect((await confirm(first!, ellison.id)).statusCode).toBe(200)
    const [next] = await statement([
      { date: '2026-10-17', pence: 2000, reference: 'GIRO 40977 MRS M E' },
    ])
    expect(firstSuggestion(next!)).toBe(ellison.id)
  })

  it('suggests a remembered payer’s invoice once, when the words name them as well', async () => {
    const ellison = invoices.get('1')!
    const payment = { pence: 1000, reference: 'ALLOTMENT RENT FROM M ELLISON' }
    const [first] = await statement([{ date: '2026-10-04', ...payment }])
    expect((await confirm(first!, ellison.id)).statusCode).toBe(200)
    const [next] = await statement([{ date: '2026-10-18', ...payment }])
    const offered = next!.suggestions.map((parts) =>
      parts.map((part) => part.invoice.invoiceId).join(' and '),
    )
    expect(offered[0]).toBe(String(ellison.id))
    expect(offered).toEqual([...new Set(offered)])
  })

  it('offers a payment recorded by hand to its line, ties them, and never offers the line again', async () => {
    const shah = invoices.get('3')!
    const paid = await send(t, committee, 'POST', `/api/rent/invoices/${shah.id}/payments`, {
      amount: 3000,
      method: 'transfer',
      date: '2026-10-05',
      reference: 'seen in the bank app',
      requestId: randomUUID(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
    const payment: Payment = {
      date: '2026-10-07',
      pence: 3000,
      reference: 'ALLOTMENT RENT FROM P SHAH',
    }
    // Another sum from the same payer is another payment: not offered this one.
    const [line, other] = await statement([
      payment,
      { date: '2026-10-08', pence: 1250, reference: 'ALLOTMENT RENT FROM P SHAH' },
    ])
    expect(other!.byHand).toBeNull()
    expect(line!.recorded).toBe(false)
    expect(line!.byHand).toEqual({
      entryId: paid.json().id,
      invoiceId: shah.id,
      number: shah.number,
      date: '2026-10-05',
      amount: 3000,
    })
    const tie = { lineId: line!.lineId, entryId: paid.json().id as number }
    const tied = await send(t, committee, 'POST', '/api/rent/statement/ties', tie)
    expect(tied.statusCode, tied.body).toBe(200)
    const [again] = await statement([payment])
    expect([again!.recorded, again!.byHand]).toEqual([true, null])
    // Nor can it be recorded against another invoice, or tied twice.
    const brennan = invoices.get('2')!
    const confirmed = await confirm(again!, brennan.id)
    expect(confirmed.json()).toEqual({ recorded: 0 })
    const twice = await send(t, committee, 'POST', '/api/rent/statement/ties', tie)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().detail).toBe(rentMessages.paymentTiedAlready)
  })
})
