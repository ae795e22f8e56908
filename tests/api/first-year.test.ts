import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { partYearMessages } from '#shared/messages/part-year'
import type { Invoice, InvoiceDetail, YearPreview } from '#shared/schemas/rent'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 43, item 6: "Rent paid? Y" brought in from a sheet (a plot's paid flag set before any rent
// year) becomes a payment of the year being started, shown in its preview and kept or dropped by
// the treasurer, instead of every invoice reading "Owing" without a word.

const START = '2026-10-01'

describe.each(engines)('the first rent year on %s', (engine) => {
  let t: TestApp
  let committee = ''

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    send(t, committee, method, url, body)
  const preview = async (startDate: string) => {
    const answer = await call('POST', '/api/rent/years/preview', { startDate })
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json() as YearPreview
  }
  const paidFlag = async (id: string) =>
    ((await call('GET', `/api/plots/${id}`)).json() as { paid: boolean }).paid

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    for (const [id, paid] of [
      ['1', true],
      ['2', true],
      ['3', false],
    ] as const) {
      await createPlot(t, committee, id, { fee: 65, paid })
      await createPerson(t, committee, `p${id}`, { firstName: `P${id}`, email: '' })
      expect((await call('PUT', `/api/plots/${id}/tenants/p${id}`)).statusCode).toBe(200)
    }
  })
  afterAll(() => t.close())

  it('shows the paid flags in the preview, and makes payments of those kept', async () => {
    const shown = await preview(START)
    expect(shown.invoices.map((i) => [i.plotId, i.paidBefore])).toEqual([
      ['1', true],
      ['2', true],
      ['3', false],
    ])
    const started = await call('POST', '/api/rent/years', {
      startDate: START,
      confirmed: shown.sending,
      dropPaid: ['2'],
    })
    expect(started.statusCode, started.body).toBe(201)
    const invoices = (
      await call('GET', `/api/rent/years/${started.json().yearId}/invoices`)
    ).json() as Invoice[]
    expect(invoices.map((i) => [i.plotId, i.paid, i.outstanding])).toEqual([
      ['1', 6500, 0],
      ['2', 0, 6500],
      ['3', 0, 6500],
    ])
    const kept = (
      await call('GET', `/api/rent/invoices/${invoices[0]!.id}`)
    ).json() as InvoiceDetail
    expect(kept.entries).toMatchObject([
      { kind: 'payment', amount: 6500, date: START, reference: partYearMessages.paidBefore },
    ])
    expect([await paidFlag('1'), await paidFlag('2'), await paidFlag('3')]).toEqual([
      true,
      false,
      false,
    ])
  })

  it('takes no paid flag for a payment once a year has been started', async () => {
    const next = await preview('2027-10-01')
    expect(next.invoices.every((invoice) => !invoice.paidBefore)).toBe(true)
  })
})
