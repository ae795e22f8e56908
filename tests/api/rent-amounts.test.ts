import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type Kysely } from 'kysely'
import { moneyMessages } from '#shared/messages/money'
import type { Plot } from '#shared/schemas/plot'
import type { YearPreview } from '#shared/schemas/rent'
import { contextFor } from '#server/core/db/migrations/index'
import { feesInPence } from '#server/core/db/migrations/032-fees-in-pence'
import { createPerson, createPlot, expectRefused, send } from '#tests/helpers/records'
import { saveRentSettings } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 43, item 1: the society's money as it is. A half plot's £32.50, a rate per rod, a rate
// per square metre with its fraction of a penny, each invoice line saying how it was worked out.

const START = '2026-10-01'

describe.each(engines)('amounts as they are on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let treasurer = ''

  const saveSettings = (changes: Record<string, unknown>) => saveRentSettings(t, treasurer, changes)
  const previewLines = async () => {
    const preview = await send(t, committee, 'POST', '/api/rent/years/preview', {
      startDate: START,
    })
    expect(preview.statusCode, preview.body).toBe(200)
    const invoices = (preview.json() as YearPreview).invoices
    return Object.fromEntries(invoices.map((invoice) => [invoice.plotId, invoice.lines]))
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    treasurer = await t.signInAs(4)
    // The last secretary's sheet: plot 1 a half plot, plot 2 of 10 rods (253 m²), plot 3 a
    // pensioner's, 126 m² (5 rods).
    await createPlot(t, committee, '1', { area: 126, fee: '32.50', sizeBand: 'half' })
    await createPlot(t, committee, '2', { area: 253, fee: 65 })
    await createPlot(t, committee, '3', { area: 126, fee: '£32.5' })
    await createPerson(t, committee, 'ann', { firstName: 'Ann', email: '', contactBy: 'post' })
    await createPerson(t, committee, 'bob', { firstName: 'Bob', email: '', contactBy: 'post' })
    await createPerson(t, committee, 'may', {
      firstName: 'May',
      email: '',
      contactBy: 'post',
      concession: true,
    })
    for (const [plot, person] of [
      ['1', 'ann'],
      ['2', 'bob'],
      ['3', 'may'],
    ])
      expect(
        (await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)).statusCode,
      ).toBe(200)
  })
  afterAll(() => t.close())

  it('keeps a fee in pounds and pence, and refuses a third place by naming the fee', async () => {
    const plot = (await send(t, committee, 'GET', '/api/plots/1')).json() as Plot
    expect(plot).toMatchObject({ fee: 32.5, sizeBand: 'half', area: 126 })
    const third = await send(t, committee, 'PUT', '/api/plots/1', { ...plot, fee: '32.555' })
    expect(third.statusCode).toBe(400)
    expect(third.json().detail).toBe(moneyMessages.feeMoney)
    expect(moneyMessages.feeMoney).toMatch(/^Fee /)
  })

  it("charges each plot's fee in pence: a half plot's £32.50", async () => {
    await saveSettings({ chargeBasis: 'fee', extras: [] })
    const lines = await previewLines()
    expect(lines['2']).toEqual([{ description: 'Rent', amount: 6500 }])
    expect(lines['3']).toEqual([{ description: 'Rent', amount: 3250 }])
  })

  it('charges by the rod, and a half plot its band, each line saying how', async () => {
    await saveSettings({
      chargeBasis: 'area',
      areaUnit: 'rod',
      areaRate: 65_000,
      bandFees: { full: 6500, half: 3250, quarter: 1625 },
      concessionPercent: 10,
    })
    const lines = await previewLines()
    expect(lines['1']).toEqual([{ description: 'Half plot', amount: 3250 }])
    expect(lines['2']).toEqual([{ description: '10 rods at £6.50', amount: 6500 }])
    expect(lines['3']).toEqual([
      { description: '5 rods at £6.50', amount: 3250 },
      { description: 'Concession: 10% off the rent', amount: -325 },
    ])
    // A member's own plot is shown in the society's unit too: the unit is theirs to read.
    const member = await send(t, await t.signInAs(1, 'rod-member'), 'GET', '/api/rent/area-unit')
    expect([member.statusCode, member.json()]).toEqual([200, { areaUnit: 'rod' }])
  })

  it('keeps a rate per square metre to a hundredth of a penny, rounding each line half up', async () => {
    // 253 × £0.2569 = £64.9957: £65.00. 126 × £0.2569 = £32.3694: £32.37.
    await saveSettings({ areaUnit: 'squareMetre', areaRate: 2569, concessionPercent: 0 })
    const lines = await previewLines()
    expect(lines['2']).toEqual([{ description: '253 m² at £0.2569', amount: 6500 }])
    expect(lines['3']).toEqual([{ description: '126 m² at £0.2569', amount: 3237 }])
  })

  it('refuses a rate finer than a hundredth of a penny, naming the rate, and saves nothing', async () => {
    const settings = (await send(t, treasurer, 'GET', '/api/rent/settings')).json()
    await expectRefused(
      t,
      treasurer,
      { userName: 'level4', eventCollection: 'settings' },
      'PUT',
      '/api/rent/settings',
      { ...settings, areaRate: 2569.5 },
      400,
      moneyMessages.rateMoney,
    )
    expect(moneyMessages.rateMoney).toMatch(/^The rate /)
  })

  it('keeps the fees and the rate recorded before pence: migration 032', async () => {
    // The plots and the rent settings as they were kept before: whole pounds, and whole pence a m².
    const k = t.db.kysely
    await k.schema.alterTable('plots').dropColumn('sizeBand').execute()
    await k.schema.alterTable('plots').renameColumn('feePence', 'fee').execute()
    await sql`update plots set fee = 45 where id = '2'`.execute(k)
    const {
      areaUnit: _u,
      areaRate: _r,
      bandFees: _b,
      ...old
    } = (await send(t, treasurer, 'GET', '/api/rent/settings')).json()
    const before = JSON.stringify({ ...old, ratePerSquareMetre: 26 })
    await sql`update app_settings set value = ${before} where key = 'rent'`.execute(k)

    await feesInPence(contextFor(t.db)).up(k as unknown as Kysely<unknown>)
    const plot = (await send(t, committee, 'GET', '/api/plots/2')).json() as Plot
    expect(plot).toMatchObject({ fee: 45, sizeBand: null })
    expect((await send(t, treasurer, 'GET', '/api/rent/settings')).json()).toMatchObject({
      areaUnit: 'squareMetre',
      areaRate: 2600,
      bandFees: { full: 0, half: 0, quarter: 0 },
    })
  })
})
