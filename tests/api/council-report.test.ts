import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { councilReportMessages } from '#shared/messages/council-report'
import type { CouncilFigures, CouncilReport } from '#shared/schemas/council-report'
import type { Invoice } from '#shared/schemas/rent'
import {
  createPerson,
  createPlot,
  createSite,
  limitAccount,
  personInput,
  send,
} from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 6 (decision 52): what councils are asked, by site and in total, for the current
// year or a past one; a representative of one site reads that site's figures and their total.

const TODAY = '2026-10-01'

describe.each(engines)('the council report on %s', (engine) => {
  let t: TestApp
  let admin: string
  let committee: string
  let rep: string
  let bSite: number

  const figuresOf = ({ siteId: _id, name: _name, ...figures }: CouncilReport['sites'][number]) =>
    figures
  const report = async (query = '', cookie = committee) => {
    const response = await send(t, cookie, 'GET', `/api/reports/sites${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<CouncilReport>()
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'treasurer')
    rep = await t.signInAs(3, 'repa')
    bSite = (await createSite(t, admin, 'Northfield')).id
    // Site A: one plot let, one vacant, one vacant and kept off the grid.
    await createPlot(t, admin, '1')
    await createPlot(t, admin, '2')
    await createPlot(t, admin, '3', { showOnGrid: false })
    const bPlot = await createPlot(t, admin, '1', { siteId: bSite })
    await createPerson(t, admin, 'alice', { firstName: 'Alice', email: '' })
    await createPerson(t, admin, 'walt', { onWaitingList: true, joinedWaitingList: '2025-03-01' })
    const bea = await send(
      t,
      admin,
      'POST',
      `/api/people?site=${bSite}`,
      personInput('bea', { onWaitingList: true, joinedWaitingList: '2026-01-01' }),
    )
    expect(bea.statusCode, bea.body).toBe(201)
    expect((await send(t, admin, 'PUT', '/api/plots/1/tenants/alice')).statusCode).toBe(200)
    // Bea accepts site B's plot today: 273 days after joining its list.
    const offered = await send(t, admin, 'POST', '/api/offers', {
      plotId: bPlot.id,
      personId: 'bea',
      reason: '',
    })
    expect(offered.statusCode, offered.body).toBe(201)
    const accepted = await send(t, admin, 'POST', `/api/offers/${offered.json().id}/answer`, {
      answer: 'accept',
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    // The rent year: £45.00 each; alice pays £10.00 of hers.
    const started = await startRentYear(t, admin, TODAY)
    expect(started.statusCode, started.body).toBe(201)
    const yearId = started.json<{ yearId: number }>().yearId
    const invoices = (await send(t, admin, 'GET', `/api/rent/years/${yearId}/invoices`)).json<
      Invoice[]
    >()
    const alices = invoices.find((invoice) => invoice.plotId === '1')!
    const paid = await send(t, admin, 'POST', `/api/rent/invoices/${alices.id}/payments`, {
      amount: 1000,
      method: 'cash',
      date: TODAY,
      reference: 'r1',
      requestId: crypto.randomUUID(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
    await limitAccount(t, admin, 'repa', [1])
  })
  afterAll(() => t.close())

  const siteA: CouncilFigures = {
    plots: 3,
    let: 1,
    vacant: 1,
    notLettable: 1,
    waiting: 1,
    lettings: 0,
    averageWaitDays: null,
    invoiced: 4500,
    paid: 1000,
    arrears: 3500,
  }
  const siteB: CouncilFigures = {
    plots: 1,
    let: 1,
    vacant: 0,
    notLettable: 0,
    waiting: 0,
    lettings: 1,
    averageWaitDays: 273,
    invoiced: 4500,
    paid: 0,
    arrears: 4500,
  }

  it("answers each site's figures for the current year, and their total", async () => {
    const answer = await report()
    expect(answer.year).toBe(2026)
    expect(answer.years).toEqual([2026, 2025])
    expect(answer.sites.map(figuresOf)).toEqual([siteA, siteB])
    expect(answer.sites.map((site) => site.siteId)).toEqual([1, bSite])
    expect(answer.total).toEqual({
      plots: 4,
      let: 2,
      vacant: 1,
      notLettable: 1,
      waiting: 1,
      lettings: 1,
      averageWaitDays: 273,
      invoiced: 9000,
      paid: 1000,
      arrears: 8000,
    })
  })

  it('reads a past year: its list at the end of it, its lettings, no rent year started', async () => {
    const answer = await report('?year=2025')
    expect(answer.year).toBe(2025)
    const none = { lettings: 0, averageWaitDays: null, invoiced: 0, paid: 0, arrears: 0 }
    // Walt had joined site A's list; Bea joined site B's after the year.
    expect(answer.sites.map(figuresOf)).toEqual([
      { ...siteA, ...none, waiting: 1 },
      { ...siteB, ...none, waiting: 0 },
    ])
  })

  it('refuses a year to come', async () => {
    const response = await send(t, committee, 'GET', '/api/reports/sites?year=2027')
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(councilReportMessages.futureYear)
  })

  it('gives a representative their sites only, and the total of those', async () => {
    const answer = await report('', rep)
    expect(answer.sites.map((site) => site.siteId)).toEqual([1])
    expect(answer.sites.map(figuresOf)).toEqual([siteA])
    expect(answer.total).toEqual(siteA)
    const csv = await send(t, rep, 'GET', '/api/reports/sites.csv')
    expect(csv.body).not.toContain('Northfield')
  })

  it("is cached per data version and day: unchanged, 304; a limited account's answer is its own", async () => {
    const first = await send(t, committee, 'GET', '/api/reports/sites')
    const etag = first.headers.etag as string
    expect(etag).toContain(TODAY)
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/reports/sites',
      headers: { cookie: committee, 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect((await send(t, rep, 'GET', '/api/reports/sites')).headers.etag).not.toBe(etag)
  })

  it('downloads as CSV: a row per site and the total, pounds as numbers', async () => {
    const response = await send(t, committee, 'GET', '/api/reports/sites.csv?year=2026')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toContain('sites-2026.csv')
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toBe(
      'Site,Plots,Let,Vacant,Not lettable,People waiting,Lettings,Average wait (days),Rent invoiced,Rent paid,Rent in arrears',
    )
    expect(lines[2]).toBe('Northfield,1,1,0,0,0,1,273,45.00,0.00,45.00')
    expect(lines[3]).toBe('Total,4,2,1,1,1,1,273,90.00,10.00,80.00')
  })

  it('is for the committee', async () => {
    const member = await t.signInAs(2, 'land')
    expect((await send(t, member, 'GET', '/api/reports/sites')).statusCode).toBe(403)
  })
})
