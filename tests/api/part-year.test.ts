import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { partYearMessages } from '#shared/messages/part-year'
import type { Invoice, InvoiceDetail } from '#shared/schemas/rent'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 43, item 5: a plot let after the rent year started is invoiced for the months left (by
// itself when an offer is accepted, by hand otherwise), and a tenant leaving has their invoice
// stand, reduced to the months held, or written off, as the committee answers, in the ledger.

const START = '2026-10-01'

describe.each(engines)('part of a rent year on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let yearId = 0

  const on = (day: string) => {
    t.app.config.clock = () => new Date(`${day}T12:00:00.000Z`)
  }
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
    send(t, committee, method, url, body)
  const invoicesOf = async (plotId: string) =>
    ((await call('GET', `/api/rent/years/${yearId}/invoices`)).json() as Invoice[]).filter(
      (invoice) => invoice.plotId === plotId,
    )
  const detail = async (id: number) =>
    (await call('GET', `/api/rent/invoices/${id}`)).json() as InvoiceDetail
  const addTenant = async (plotId: string, personId: string) =>
    expect((await call('PUT', `/api/plots/${plotId}/tenants/${personId}`)).statusCode).toBe(200)

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    for (const [id, fee] of [
      ['4a', 42],
      ['5', 60],
      ['6', 48],
      ['7', 36],
      ['8', 24],
    ] as const)
      await createPlot(t, committee, id, { fee })
    for (const id of ['dave', 'ella', 'finn', 'gail'])
      await createPerson(t, committee, id, { firstName: id, email: `${id}@example.org` })
    await createPerson(t, committee, 'zofia', {
      firstName: 'Zofia',
      email: 'zofia@example.org',
      onWaitingList: true,
    })
    await addTenant('4a', 'dave')
    await addTenant('6', 'ella')
    await addTenant('7', 'finn')
    await addTenant('8', 'gail')
    on(START)
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json().yearId
  })
  afterAll(() => t.close())

  it('reduces a leaver’s invoice to the months held, in the ledger, when the committee says so', async () => {
    on('2026-12-12')
    const [dave] = await invoicesOf('4a')
    expect(dave).toMatchObject({ amount: 4200, outstanding: 4200 })
    const left = await call('DELETE', '/api/plots/4a/tenants/dave?invoice=reduce')
    expect(left.statusCode, left.body).toBe(200)
    // October, November, December of twelve months: £10.50 of £42.00 stays owed.
    const [after] = await invoicesOf('4a')
    expect(after).toMatchObject({ amount: 4200, writtenOff: 3150, outstanding: 1050 })
    expect((await detail(dave!.id)).entries).toMatchObject([
      {
        kind: 'writeoff',
        amount: 3150,
        reference: partYearMessages.reducedReference(3, '4a', '2026-12-12'),
      },
    ])
  })

  it('invoices a plot let by an offer accepted for the months left, by itself', async () => {
    on('2027-03-10')
    const offered = await call('POST', '/api/offers', { plotId: '4a', personId: 'zofia' })
    expect(offered.statusCode, offered.body).toBe(201)
    const accepted = await call('POST', `/api/offers/${offered.json().id}/answer`, {
      answer: 'accept',
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    const zofia = (await invoicesOf('4a')).find((invoice) => invoice.payerId === 'zofia')!
    // March to September: 7 months of 12 of £42.00.
    expect(zofia).toMatchObject({ amount: 2450, outstanding: 2450, issuedOn: '2027-03-10' })
    expect((await detail(zofia.id)).lines).toEqual([
      { description: 'Rent', amount: 4200 },
      { description: partYearMessages.partYearLine(7), amount: 2450 - 4200 },
    ])
    // A second is refused: the plot's tenant has this year's invoice.
    const again = await call('POST', '/api/plots/4a/invoices')
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(partYearMessages.alreadyInvoiced('4a'))
  })

  it('raises an invoice by hand for any tenancy begun after the year started', async () => {
    on('2027-03-10')
    const vacant = await call('POST', '/api/plots/5/invoices')
    expect(vacant.statusCode).toBe(409)
    expect(vacant.json().detail).toBe(partYearMessages.nothingToInvoice('5'))
    await addTenant('5', 'ella')
    const raised = await call('POST', '/api/plots/5/invoices')
    expect(raised.statusCode, raised.body).toBe(201)
    const [invoice] = await invoicesOf('5')
    expect(invoice).toMatchObject({ id: raised.json().id, payerId: 'ella', amount: 3500 })
  })

  it('pays an invoice raised mid-year from the credit its payer holds', async () => {
    on('2027-03-12')
    await createPerson(t, committee, 'hal', { firstName: 'Hal', email: 'hal@example.org' })
    const raise = async (plotId: string) => {
      await createPlot(t, committee, plotId, { fee: 24 })
      await addTenant(plotId, 'hal')
      const raised = await call('POST', `/api/plots/${plotId}/invoices`)
      expect(raised.statusCode, raised.body).toBe(201)
      return (await invoicesOf(plotId))[0]!
    }
    // March to September: 7 months of 12 of £24.00 is £14.00; Hal pays £10.00 too much.
    const first = await raise('9')
    const paid = await call('POST', `/api/rent/invoices/${first.id}/payments`, {
      amount: 2400,
      method: 'transfer',
      date: '2027-03-12',
      reference: 'paid the whole year',
      requestId: randomUUID(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
    const second = await raise('10')
    expect(second).toMatchObject({ amount: 1400, outstanding: 400 })
    expect((await detail(second.id)).entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['credit', 1000],
    ])
    expect((await invoicesOf('9'))[0]!.outstanding).toBe(0)
  })

  it('writes off, or lets stand, a leaver’s invoice as the committee answers', async () => {
    on('2027-01-20')
    expect((await call('DELETE', '/api/plots/6/tenants/ella?invoice=writeoff')).statusCode).toBe(
      200,
    )
    expect((await invoicesOf('6'))[0]).toMatchObject({ writtenOff: 4800, outstanding: 0 })
    expect((await call('DELETE', '/api/plots/7/tenants/finn')).statusCode).toBe(200)
    expect((await invoicesOf('7'))[0]).toMatchObject({ writtenOff: 0, outstanding: 3600 })
  })

  it('refuses an answer that is none of the three, ending nothing', async () => {
    const refused = await call('DELETE', '/api/plots/8/tenants/gail?invoice=halve')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toContain(partYearMessages.invoiceChoice)
    expect(((await call('GET', '/api/plots/8')).json() as { tenants: string[] }).tenants).toEqual([
      'gail',
    ])
  })
})
