import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArrearsInvoice, Invoice } from '#shared/schemas/rent'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 47, item 6, the part built: rent unpaid 40 days after it is due allows notice to quit, so
// the arrears list gives each invoice's days past due by London's today (the project's clock),
// counted from its due date, or from its earliest unpaid instalment's.

const START = '2026-10-01'

describe.each(engines)('days past due in the arrears list on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let yearId = 0

  const arrears = async () =>
    Object.fromEntries(
      ((await send(t, committee, 'GET', '/api/rent/arrears')).json() as ArrearsInvoice[]).map(
        (invoice) => [invoice.plotId, invoice.daysPastDue],
      ),
    )

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    for (const [plot, person] of [
      ['N1', 'nia'],
      ['N2', 'ned'],
    ] as const) {
      await createPlot(t, committee, plot, { fee: 60 })
      await createPerson(t, committee, person, { email: '', contactBy: 'post' })
      expect(
        (await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)).statusCode,
      ).toBe(200)
    }
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json().yearId
  })
  afterAll(() => t.close())

  it('counts the days from the due date, and from the earliest unpaid instalment of one split', async () => {
    const invoices = (
      await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)
    ).json() as Invoice[]
    const n2 = invoices.find((invoice) => invoice.plotId === 'N2')!
    // Both due on 31 October; N2 split into two, the first due on 15 November.
    expect(n2.dueDate).toBe('2026-10-31')
    const split = await send(t, committee, 'POST', `/api/rent/invoices/${n2.id}/instalments`, {
      version: 0,
      firstDueDate: '2026-11-15',
      count: 2,
    })
    expect(split.statusCode, split.body).toBe(200)
    expect(await arrears()).toEqual({})
    t.moveClockTo('2026-12-09')
    expect(await arrears()).toEqual({ N1: 39, N2: 24 })
    t.moveClockTo('2026-12-10')
    expect(await arrears()).toEqual({ N1: 40, N2: 25 })
    // The first instalment paid: the second, due 15 December, is not yet past due.
    const paid = await send(t, committee, 'POST', `/api/rent/invoices/${n2.id}/payments`, {
      amount: 3000,
      method: 'cash',
      date: '2026-12-10',
      reference: 'at the gate',
      requestId: crypto.randomUUID(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
    expect(await arrears()).toEqual({ N1: 40 })
    t.moveClockTo('2027-01-24')
    expect(await arrears()).toEqual({ N1: 85, N2: 40 })
  })
})
