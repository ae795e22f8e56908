import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessages } from '#shared/messages/server'
import type { Account } from '#shared/schemas/account'
import type {
  Invoice,
  InvoiceStatement,
  RentRates,
  SiteRentSettings,
  YearPreview,
  YearSummary,
} from '#shared/schemas/rent'
import {
  createPerson,
  createPlot,
  createSite,
  lastLogId,
  logsAfter,
  send,
  snapshot,
} from '#tests/helpers/records'
import { paymentsCsvPlots, startRentYear } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 2 for the rent year (decision 48): a year's invoices, its summary, arrears and
// payments for one site or all; a site's own rates, falling back to the organisation's; and a
// representative of one site refused another's invoices.

const START = '2026-10-01'

/** Site B's own rates: a pound a square metre and a water charge. */
const B_RATES: RentRates = {
  chargeBasis: 'area',
  areaRate: 10_000,
  bandFees: { full: 0, half: 0, quarter: 0 },
  concessionPercent: 0,
  extras: [{ name: 'Water', amount: 500 }],
}

describe.each(engines)('rent by site on %s', (engine) => {
  let t: TestApp
  let admin: string
  let committee: string
  let rep: string
  let limitedAdmin: string
  let bSite: number
  let bPlot: string
  let yearId = 0

  const siteSettings = (site: number, cookie = admin) =>
    send(t, cookie, 'GET', `/api/rent/settings/sites/${site}`)
  const saveSiteSettings = (site: number, body: SiteRentSettings, cookie = admin) =>
    send(t, cookie, 'PUT', `/api/rent/settings/sites/${site}`, body)
  const amountsOf = (invoices: ReadonlyArray<{ plotId: string; amount: number }>) =>
    Object.fromEntries(invoices.map((invoice) => [invoice.plotId, invoice.amount]))
  const yearInvoices = async (query = '', cookie = committee) => {
    const response = await send(t, cookie, 'GET', `/api/rent/years/${yearId}/invoices${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Invoice[]>()
  }
  const invoiceOf = async (plotId: string) =>
    (await yearInvoices()).find((invoice) => invoice.plotId === plotId)!

  async function limit(userName: string, sites: number[]) {
    const accounts = (await send(t, admin, 'GET', '/api/accounts')).json<Account[]>()
    const account = accounts.find((one) => one.userName === userName)!
    const limited = await send(t, admin, 'PUT', `/api/accounts/${account.id}/sites`, { sites })
    expect(limited.statusCode, limited.body).toBe(200)
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'treasurer')
    rep = await t.signInAs(3, 'repa')
    limitedAdmin = await t.signInAs(4, 'adminb')
    bSite = (await createSite(t, admin, 'Northfield')).id
    await createPlot(t, admin, '1', { fee: 40, area: 100 })
    bPlot = (await createPlot(t, admin, '1', { fee: 60, area: 30, siteId: bSite })).id
    await createPerson(t, admin, 'alice', { firstName: 'Alice', email: '' })
    await createPerson(t, admin, 'bob', { firstName: 'Bob', email: '' })
    for (const [plot, person] of [
      ['1', 'alice'],
      [bPlot, 'bob'],
    ]) {
      const let_ = await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/${person}`)
      expect(let_.statusCode, let_.body).toBe(200)
    }
    await limit('repa', [1])
    await limit('adminb', [bSite])
  })
  afterAll(() => t.close())

  const preview = async () => {
    const response = await send(t, admin, 'POST', '/api/rent/years/preview', { startDate: START })
    expect(response.statusCode, response.body).toBe(200)
    return amountsOf(response.json<YearPreview>().invoices)
  }

  it("charges every site the organisation's rates until a site has its own", async () => {
    const unset = await siteSettings(bSite)
    expect(unset.statusCode, unset.body).toBe(200)
    expect(unset.json()).toEqual({ rates: null, version: 0 })
    expect(await preview()).toEqual({ '1': 4000, [bPlot]: 6000 })
  })

  it("charges a site's plots its own rates, logged against the site", async () => {
    const mark = await lastLogId(t)
    const saved = await saveSiteSettings(bSite, { rates: B_RATES, version: 0 })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ rates: B_RATES, version: 1 })
    expect((await siteSettings(bSite)).json()).toEqual({ rates: B_RATES, version: 1 })
    // 30 m² at £1, and the water: site A's plot keeps the organisation's fee.
    expect(await preview()).toEqual({ '1': 4000, [bPlot]: 3500 })
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => [log.methodName, log.siteIds, log.error])).toEqual([
      ['updateSiteRentSettings', String(bSite), 'null'],
    ])
  })

  it('refuses a stale version and an unknown site, changing nothing', async () => {
    const stale = await saveSiteSettings(bSite, { rates: null, version: 0 })
    expect(stale.statusCode).toBe(409)
    expect((await saveSiteSettings(999, { rates: null, version: 0 })).statusCode).toBe(404)
    expect((await siteSettings(999)).statusCode).toBe(404)
    expect((await siteSettings(bSite)).json()).toEqual({ rates: B_RATES, version: 1 })
  })

  it("falls back to the organisation's when a site clears its own", async () => {
    const cleared = await saveSiteSettings(bSite, { rates: null, version: 1 })
    expect(cleared.json()).toEqual({ rates: null, version: 2 })
    expect(await preview()).toEqual({ '1': 4000, [bPlot]: 6000 })
    const again = await saveSiteSettings(bSite, { rates: B_RATES, version: 2 })
    expect(again.statusCode, again.body).toBe(200)
  })

  it("lets an administrator limited to a site set that site's rates only, not the organisation's", async () => {
    const own = await siteSettings(bSite, limitedAdmin)
    expect(own.statusCode, own.body).toBe(200)
    const before = await snapshot(t)
    const mark = await lastLogId(t)
    const other = await saveSiteSettings(1, { rates: B_RATES, version: 0 }, limitedAdmin)
    expect(other.statusCode).toBe(403)
    expect((await siteSettings(1, limitedAdmin)).statusCode).toBe(403)
    const organisation = (await send(t, admin, 'GET', '/api/rent/settings')).json<object>()
    const refused = await send(t, limitedAdmin, 'PUT', '/api/rent/settings', organisation)
    expect(refused.statusCode).toBe(403)
    expect(await snapshot(t)).toEqual(before)
    expect((await siteSettings(1)).json()).toEqual({ rates: null, version: 0 })
    // The site's refused change is logged with its site, as every refused change is.
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => [log.methodName, log.siteIds])).toEqual([
      ['updateSiteRentSettings', '1'],
    ])
    expect(JSON.parse(logs[0]!.error)).toMatchObject({ status: 403 })
  })

  it("refuses a year's start to an account limited to some sites: one year for every site", async () => {
    const before = await snapshot(t)
    const asked = await send(t, rep, 'POST', '/api/rent/years/preview', { startDate: START })
    expect(asked.statusCode).toBe(403)
    const started = await send(t, rep, 'POST', '/api/rent/years', {
      startDate: START,
      confirmed: { invoices: 2, emails: 0, letters: 2 },
    })
    expect(started.statusCode).toBe(403)
    expect(await snapshot(t)).toEqual(before)
  })

  it("invoices each plot at its site's rates, and lists a year's invoices by site", async () => {
    const started = await startRentYear(t, admin, START)
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json<{ yearId: number }>().yearId
    expect(amountsOf(await yearInvoices())).toEqual({ '1': 4000, [bPlot]: 3500 })
    expect(amountsOf(await yearInvoices('?site=1'))).toEqual({ '1': 4000 })
    expect(amountsOf(await yearInvoices(`?site=${bSite}`))).toEqual({ [bPlot]: 3500 })
    const { lines } = (
      await send(t, committee, 'GET', `/api/rent/invoices/${(await invoiceOf(bPlot)).id}`)
    ).json<{ lines: unknown[] }>()
    expect(lines).toEqual([
      { description: expect.stringContaining('30'), amount: 3000 },
      { description: 'Water', amount: 500 },
    ])
  })

  it("sums a site's year, and lists its payments, for that site alone", async () => {
    const summary = async (query: string) =>
      (
        await send(t, committee, 'GET', `/api/rent/years/${yearId}/summary${query}`)
      ).json<YearSummary>()
    expect((await summary('')).invoiced).toBe(7500)
    expect((await summary('?site=1')).invoiced).toBe(4000)
    expect((await summary(`?site=${bSite}`)).invoiced).toBe(3500)
    for (const plotId of ['1', bPlot]) {
      const paid = await send(
        t,
        committee,
        'POST',
        `/api/rent/invoices/${(await invoiceOf(plotId)).id}/payments`,
        { amount: 100, method: 'cash', date: START, reference: plotId, requestId: randomUUID() },
      )
      expect(paid.statusCode, paid.body).toBe(201)
    }
    const csv = (query: string) => paymentsCsvPlots(t, committee, START, query)
    // Each plot by its name, with its site where the books span several (never by its key).
    const [first] = (await send(t, admin, 'GET', '/api/sites')).json<Array<{ name: string }>>()
    expect(await csv('')).toEqual([`1 (${first!.name})`, '1 (Northfield)'])
    expect(await csv(`&site=${bSite}`)).toEqual(['1'])
    for (const list of ['arrears', 'due'])
      expect((await send(t, committee, 'GET', `/api/rent/${list}?site=${bSite}`)).statusCode).toBe(
        200,
      )
  })

  it("shows a site's representative their sites' invoices only", async () => {
    expect(amountsOf(await yearInvoices('', rep))).toEqual({ '1': 4000 })
    expect(
      (await send(t, rep, 'GET', `/api/rent/years/${yearId}/invoices?site=${bSite}`)).statusCode,
    ).toBe(403)
    const summary = await send(t, rep, 'GET', `/api/rent/years/${yearId}/summary`)
    expect(summary.json<YearSummary>().invoiced).toBe(4000)
    const alice = await send(t, rep, 'GET', '/api/people/alice/invoices')
    expect(alice.json<InvoiceStatement>().invoices.map((i) => i.plotId)).toEqual(['1'])
    expect((await send(t, rep, 'GET', '/api/people/bob/invoices')).statusCode).toBe(403)
    expect((await send(t, rep, 'GET', `/api/plots/${bPlot}/invoices`)).statusCode).toBe(403)
    expect((await send(t, rep, 'GET', '/api/plots/1/invoices')).statusCode).toBe(200)
  })

  it("refuses a representative of site A site B's invoice: 403, nothing changed, the write logged", async () => {
    const invoice = await invoiceOf(bPlot)
    for (const url of [
      `/api/rent/invoices/${invoice.id}`,
      `/api/rent/invoices/${invoice.id}/pdf`,
    ]) {
      const read = await send(t, rep, 'GET', url)
      expect(read.statusCode, url).toBe(403)
      expect(read.json().detail).toBe(serverMessages.noAccess)
    }
    const writes: Array<[string, object]> = [
      [
        `/api/rent/invoices/${invoice.id}/payments`,
        { amount: 100, method: 'cash', date: START, reference: 'x', requestId: randomUUID() },
      ],
      [
        `/api/rent/invoices/${invoice.id}/corrections`,
        { kind: 'writeoff', amount: 100, date: START, reference: 'x', requestId: randomUUID() },
      ],
      [`/api/plots/${bPlot}/invoices`, {}],
      ['/api/people/bob/credit/use', { requestId: randomUUID() }],
    ]
    for (const [url, body] of writes) {
      const before = await snapshot(t)
      const mark = await lastLogId(t)
      const response = await send(t, rep, 'POST', url, body)
      expect(response.statusCode, url).toBe(403)
      expect(await snapshot(t)).toEqual(before)
      const logs = await logsAfter(t, mark)
      expect(
        logs.map((log) => [log.userName, log.siteIds]),
        url,
      ).toEqual([['repa', String(bSite)]])
      expect(JSON.parse(logs[0]!.error)).toMatchObject({ status: 403 })
    }
    // Site A's own invoice is theirs to record a payment on.
    const own = await send(
      t,
      rep,
      'POST',
      `/api/rent/invoices/${(await invoiceOf('1')).id}/payments`,
      {
        amount: 100,
        method: 'cash',
        date: START,
        reference: 'at the gate',
        requestId: randomUUID(),
      },
    )
    expect(own.statusCode, own.body).toBe(201)
  })
})
