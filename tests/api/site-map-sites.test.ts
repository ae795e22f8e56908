import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessages } from '#shared/messages/server'
import { siteMessages } from '#shared/messages/sites'
import type { Account } from '#shared/schemas/account'
import type { Plot } from '#shared/schemas/plot'
import type { PlotStates, SiteLayout, SiteMap, SiteMapCheck } from '#shared/schemas/site-map'
import { createPlot, createSite, lastLogId, logsAfter, send } from '#tests/helpers/records'
import { multipartBody } from '#tests/helpers/pdf-upload'
import { sampleDrawing, svgFile } from '#tests/helpers/sample-drawing'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'
import type { MigrationContext } from '#server/core/db/migrations/index'
import { siteMaps } from '#server/core/db/migrations/048-site-maps'

// Issue 46, decision 49: each site has its own drawing. The routes take the site as `?site=`
// (the first site the viewer sees without it); a limited account is refused another site's.

const layoutOf = (...names: string[]): SiteLayout => ({
  viewBox: { width: 100, height: 50 },
  plots: names.map((name, index) => ({
    id: name,
    shape: { kind: 'rect', x: index * 12, y: 0, width: 10, height: 10 },
    label: { x: index * 12 + 5, y: 5 },
  })),
  features: [],
})

describe.each(engines)('a site map per site on %s', (engine) => {
  let t: TestApp
  let admin: string
  let limited: string
  let member: string
  let north: number

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'maps-admin')
    limited = await t.signInAs(4, 'maps-limited')
    member = await t.signInAs(1, 'maps-member')
    north = (await createSite(t, admin, 'Northfield')).id
    await createPlot(t, admin, '1')
    const accounts = (await send(t, admin, 'GET', '/api/accounts')).json<Account[]>()
    const limitedId = accounts.find((account) => account.userName === 'maps-limited')!.id
    const limit = await send(t, admin, 'PUT', `/api/accounts/${limitedId}/sites`, { sites: [1] })
    expect(limit.statusCode, limit.body).toBe(200)
  })
  afterAll(() => t.close())

  async function importDrawing(cookie: string, query: string) {
    const form = await multipartBody({}, svgFile(sampleDrawing({ plots: 2, columns: 2 })))
    return t.app.inject({
      method: 'POST',
      url: `/api/site-map/drawing${query}`,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    })
  }

  it("keeps each site's drawing apart: the first site's without ?site=", async () => {
    const first = await send(t, admin, 'PUT', '/api/site-map', {
      layout: layoutOf('1', '5'),
      version: 0,
    })
    expect(first.statusCode, first.body).toBe(200)
    const imported = await importDrawing(admin, `?site=${north}`)
    expect(imported.statusCode, imported.body).toBe(200)
    const northMap = imported.json<SiteMap>()
    expect(northMap.layout.plots.map((plot) => plot.id)).toEqual(['1', '2'])
    expect(northMap.backgroundUrl).toMatch(new RegExp(`\\?site=${north}$`))

    const shown = (await send(t, member, 'GET', '/api/site-map')).json<SiteMap>()
    expect(shown.layout.plots.map((plot) => plot.id)).toEqual(['1', '5'])
    const asked = (await send(t, member, 'GET', `/api/site-map?site=1`)).json<SiteMap>()
    expect(asked).toEqual(shown)
    const other = (await send(t, member, 'GET', `/api/site-map?site=${north}`)).json<SiteMap>()
    expect(other).toEqual(northMap)

    // The background is shown only as its own site's.
    const background = await send(t, member, 'GET', northMap.backgroundUrl!)
    expect(background.statusCode).toBe(200)
    const elsewhere = northMap.backgroundUrl!.replace(`site=${north}`, 'site=1')
    expect((await send(t, member, 'GET', elsewhere)).statusCode).toBe(404)
    expect((await send(t, member, 'GET', '/api/site-map?site=99')).statusCode).toBe(404)
  })

  it("checks and makes a site's plots on that site, named as drawn, keyed apart from the first site's", async () => {
    const before = (
      await send(t, admin, 'GET', `/api/site-map/check?site=${north}`)
    ).json<SiteMapCheck>()
    // Site 1 has a plot "1": Northfield's drawn "1" has no record all the same.
    expect(before).toEqual({ drawnWithoutRecord: ['1', '2'], recordsNotDrawn: [] })
    expect((await send(t, admin, 'GET', '/api/site-map/check')).json<SiteMapCheck>()).toEqual({
      drawnWithoutRecord: ['5'],
      recordsNotDrawn: [],
    })
    const mark = await lastLogId(t)
    const made = await send(t, admin, 'POST', `/api/site-map/plots?site=${north}`)
    expect(made.statusCode, made.body).toBe(200)
    expect(made.json()).toEqual({ created: ['1', '2'] })
    const northPlots = (await send(t, admin, 'GET', `/api/plots?site=${north}`)).json<Plot[]>()
    expect(northPlots.map((plot) => [plot.id, plot.name])).toEqual([
      [`1-${north}`, '1'],
      ['2', '2'],
    ])
    const logs = await logsAfter(t, mark)
    expect(logs.map((entry) => [entry.methodName, entry.siteIds])).toEqual([
      ['createPlot', String(north)],
      ['createPlot', String(north)],
      ['createPlotsFromMap', String(north)],
    ])
  })

  it("tells each site's plot states by the names its drawing uses", async () => {
    const states = await send(t, member, 'GET', `/api/site-map/plot-states?site=${north}`)
    expect(states.statusCode, states.body).toBe(200)
    expect(Object.keys(states.json<PlotStates>().plots).sort()).toEqual(['1', '2'])
    const first = (await send(t, member, 'GET', '/api/site-map/plot-states')).json<PlotStates>()
    expect(Object.keys(first.plots)).toEqual(['1'])
  })

  it("refuses a limited administrator another site's drawing, logging the attempted changes", async () => {
    for (const url of [
      `/api/site-map?site=${north}`,
      `/api/site-map/check?site=${north}`,
      `/api/site-map/plot-states?site=${north}`,
    ]) {
      const response = await send(t, limited, 'GET', url)
      expect(response.statusCode, url).toBe(403)
      expect(response.json().detail).toBe(serverMessages.noAccess)
    }
    const mark = await lastLogId(t)
    const saved = await send(t, limited, 'PUT', `/api/site-map?site=${north}`, {
      layout: layoutOf('9'),
      version: 1,
    })
    expect(saved.statusCode).toBe(403)
    expect((await importDrawing(limited, `?site=${north}`)).statusCode).toBe(403)
    expect((await send(t, limited, 'POST', `/api/site-map/plots?site=${north}`)).statusCode).toBe(
      403,
    )
    const logs = await logsAfter(t, mark)
    expect(logs.map((entry) => [entry.methodName, entry.siteIds])).toEqual([
      ['saveSiteLayout', String(north)],
      ['importSiteDrawing', String(north)],
      ['createPlotsFromMap', String(north)],
    ])
    for (const entry of logs) expect(JSON.parse(entry.error)).toMatchObject({ status: 403 })
    const northMap = (await send(t, admin, 'GET', `/api/site-map?site=${north}`)).json<SiteMap>()
    expect(northMap.layout.plots.map((plot) => plot.id)).toEqual(['1', '2'])
    // Their own site's, asked for or not.
    const own = (await send(t, limited, 'GET', '/api/site-map')).json<SiteMap>()
    expect(own.layout.plots.map((plot) => plot.id)).toEqual(['1', '5'])
  })

  it('makes no plots on a retired site', async () => {
    const west = await createSite(t, admin, 'Westfield')
    const drawn = await send(t, admin, 'PUT', `/api/site-map?site=${west.id}`, {
      layout: layoutOf('7'),
      version: 0,
    })
    expect(drawn.statusCode, drawn.body).toBe(200)
    const retired = await send(t, admin, 'POST', `/api/sites/${west.id}/retire`, { version: 1 })
    expect(retired.statusCode, retired.body).toBe(200)
    const made = await send(t, admin, 'POST', `/api/site-map/plots?site=${west.id}`)
    expect(made.statusCode).toBe(422)
    expect(made.json().detail).toBe(siteMessages.siteRetired)
  })

  it("migration 048 makes the one drawing there was the first site's", async () => {
    const stored = { layout: layoutOf('1', '8'), backgroundFileId: null, version: 3 }
    await t.db.kysely.deleteFrom('app_settings').where('key', '=', 'siteMap:1').execute()
    await t.db.kysely
      .insertInto('app_settings')
      .values({ key: 'siteMap', value: JSON.stringify(stored) })
      .execute()
    await siteMaps({} as MigrationContext).up(t.db.kysely as never)
    const shown = (await send(t, member, 'GET', '/api/site-map?site=1')).json<SiteMap>()
    expect(shown).toMatchObject({ layout: stored.layout, version: 3, backgroundUrl: null })
    const keys = await t.db.kysely.selectFrom('app_settings').select('key').execute()
    expect(keys.map((row) => row.key)).not.toContain('siteMap')
  })
})
