import { beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { inspectionMessages } from '#shared/messages/inspections'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { siteMessages } from '#shared/messages/sites'
import type { RoundDetail } from '#shared/schemas/inspections'
import type { Plot } from '#shared/schemas/plot'
import type { Site } from '#shared/schemas/site'
import { apiAs, createAccount, expectUsable, signedInPage } from '#tests/helpers/browser'
import {
  field,
  giveTenant,
  makePerson,
  makePlot,
  PHONE,
  poll,
  statusTexts,
  today,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 46 on the screens a plot holder and an inspector use: the first site and Northfield each
// have a plot "1" (Northfield's is keyed "1-2"), each drawn on its own site's map; Northfield's
// drawing also has its plot "2". A member holding both sees them by name with their sites, on
// two maps; a round of Northfield names its plots "1" and "2" on Northfield's map, and records
// them by key.

/** A drawing of plots side by side, each 40 wide, as the site's administrator would store it. */
const drawing = (names: string[]) => ({
  viewBox: { width: 297, height: 210 },
  plots: names.map((id, at) => ({
    id,
    shape: { kind: 'rect', x: 10 + at * 50, y: 10, width: 40, height: 40 },
    label: { x: 30 + at * 50, y: 30 },
  })),
  features: [],
})

async function storeDrawing(api: APIRequestContext, site: number, names: string[]) {
  const saved = await api.put(`/api/site-map?site=${site}`, {
    data: { layout: drawing(names), version: 0 },
  })
  expect(saved.status(), await saved.text()).toBe(200)
}

describe('plots named on their sites, at 375 px', () => {
  const suite = useServerAndBrowser()
  let first: Site
  let north: Site
  let northOne = ''
  let roundId = 0

  beforeAll(async () => {
    const admin = await apiAs(suite.server, 'fixtures', 4)
    await makePlot(admin, '1')
    ;[first] = (await (await admin.get('/api/sites')).json()) as [Site]
    const added = await admin.post('/api/sites', {
      data: { name: 'Northfield', address: '', description: '', facilities: [] },
    })
    expect(added.status(), await added.text()).toBe(201)
    north = (await added.json()) as Site
    await makePlot(admin, '1', { siteId: north.id })
    await makePlot(admin, '2', { siteId: north.id })
    const plots = (await (await admin.get('/api/plots')).json()) as Plot[]
    northOne = plots.find((plot) => plot.siteId === north.id && plot.name === '1')!.id
    expect(northOne).not.toBe('1')
    await storeDrawing(admin, first.id, ['1'])
    await storeDrawing(admin, north.id, ['1', '2'])

    await makePerson(admin, 'twosites', { firstName: 'Ann', lastName: 'Twosites' })
    for (const plotId of ['1', northOne]) await giveTenant(admin, plotId, 'twosites')
    await createAccount(suite.server, 'ann-member', 1)
    const accounts = (await (await admin.get('/api/accounts')).json()) as {
      id: string
      userName: string
    }[]
    const account = accounts.find((row) => row.userName === 'ann-member')!
    const linked = await admin.put(`/api/accounts/${account.id}/person`, {
      data: { personId: 'twosites' },
    })
    expect(linked.status(), await linked.text()).toBe(200)

    const round = await admin.post('/api/inspection-rounds', {
      data: { siteId: north.id, date: today(), walkers: '' },
    })
    expect(round.status(), await round.text()).toBe(201)
    roundId = ((await round.json()) as { id: number }).id
    await admin.dispose()
  })

  it('shows a member their plot "1" on each site by name and site, on each site’s map', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'ann-member',
      level: 1,
      viewport: PHONE,
    })
    await page.goto('/members/me')
    const myPlot = page.getByRole('region', { name: 'My plot' })
    const onFirst = siteMessages.plotOnSite('1', first.name)
    const onNorth = siteMessages.plotOnSite('1', 'Northfield')
    await poll(() => myPlot.locator('strong').allTextContents()).toEqual([
      `Plot ${onFirst}`,
      `Plot ${onNorth}`,
    ])
    expect(await myPlot.textContent()).not.toContain(northOne)
    // One map per site, each marking the member's plot on it by its name.
    const firstMap = myPlot.getByRole('img', { name: myAllotmentMessages.ownPlotOnMap([onFirst]) })
    const northMap = myPlot.getByRole('img', { name: myAllotmentMessages.ownPlotOnMap([onNorth]) })
    await poll(() => northMap.isVisible()).toBe(true)
    expect(await firstMap.isVisible()).toBe(true)
    expect(await firstMap.locator('g[data-plot-id]').count()).toBe(1)
    expect(await northMap.locator('g[data-plot-id]').count()).toBe(2)
    for (const map of [firstMap, northMap]) {
      const own = map.locator('.plot--own')
      expect(await own.count()).toBe(1)
      expect(await own.getAttribute('data-plot-id')).toBe('1')
    }
    await expectUsable(page)
    // The members' map opens on the site of their first plot, not on a question.
    await page.goto('/members/map')
    const chooser = page.getByLabel(siteMessages.chooserLabel, { exact: true })
    await poll(() => chooser.inputValue()).toBe(String(first.id))
    await poll(() => page.locator('.plot--own').count()).toBe(1)
    expect(await page.getByText(siteMessages.chooseSiteForMap).isVisible()).toBe(false)
  })

  it('walks a round of the second site by its plots’ names, on its own map, recording by key', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'walker',
      level: 3,
      viewport: PHONE,
    })
    await page.goto(`/members/inspections/${roundId}`)
    const recording = page.getByRole('heading', { level: 2, name: /^Plot / })
    await poll(() => recording.textContent()).toBe(inspectionMessages.recordPlot('1'))
    const choice = page.getByLabel(inspectionMessages.plot, { exact: true })
    expect(await choice.locator('option').allTextContents()).toEqual(['1', '2'])
    const notSeen = page.locator('.plots-not-seen')
    expect(await notSeen.getByRole('button').allTextContents()).toEqual(['1', '2'])

    // Northfield's drawing (two plots), its plot "1" marked as the one chosen.
    await page.getByText(inspectionMessages.chooseOnMap).click()
    const map = page.getByRole('group', { name: inspectionMessages.mapTitle })
    await poll(() => map.locator('g[data-plot-id]').count()).toBe(2)
    expect(await map.locator('.plot--own').getAttribute('data-plot-id')).toBe('1')
    await map.getByRole('link', { name: 'Plot 2' }).click()
    await poll(() => recording.textContent()).toBe(inspectionMessages.recordPlot('2'))
    await map.getByRole('link', { name: 'Plot 1' }).click()
    await poll(() => recording.textContent()).toBe(inspectionMessages.recordPlot('1'))
    expect(await choice.inputValue()).toBe(northOne)
    await expectUsable(page)

    await page.getByRole('radio').first().check()
    await field(page, inspectionMessages.cultivated).fill('80')
    await page.getByRole('button', { name: inspectionMessages.savePlot }).click()
    await poll(() => statusTexts(page)).toContain(inspectionMessages.plotSaved('1'))
    await poll(() => recording.textContent()).toBe(inspectionMessages.recordPlot('2'))
    const results = page.getByRole('table', { name: inspectionMessages.roundResults })
    const plotCell = results.locator(`td[data-label="${inspectionMessages.plot}"]`)
    await poll(() => plotCell.allTextContents()).toEqual(['1'])
    expect(await notSeen.getByRole('button').allTextContents()).toEqual(['2'])

    // The record names the plot by its key, as every record does.
    const sent = async () => {
      const detail = (await (
        await page.request.get(`/api/inspection-rounds/${roundId}`)
      ).json()) as RoundDetail
      return detail.inspections.map((inspection) => inspection.plotId)
    }
    await poll(sent).toEqual([northOne])
  })
})
