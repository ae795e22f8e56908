import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { plotMessages } from '#shared/messages/plots'
import { siteMapMessages } from '#shared/messages/site-map'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
  storeRiversideMap,
} from '#tests/helpers/browser'
import {
  giveTenant,
  headingOf,
  makePerson,
  makePlot,
  pathOf,
  PHONE,
  poll,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Spec section 2: plots 01 to 71, with 66b beside 66.
const plotNumbers = [
  ...Array.from({ length: 71 }, (_, index) => String(index + 1).padStart(2, '0')),
  '66b',
]

const { plotStatus } = plotMessages
const keyOf = (page: Page) =>
  page.getByRole('list', { name: 'Key to plot colours' }).getByRole('listitem').allTextContents()
const stateOf = async (page: Page, plot: string) =>
  /plot--(\w+)/.exec((await page.locator(`[data-plot-id="${plot}"]`).getAttribute('class'))!)?.[1]

describe('members map', () => {
  const suite = useServerAndBrowser()

  // Issue 44: Map said "No site map yet." and led nowhere.
  it('gives an administrator with no map yet the way to the drawing tool, and no one else', async () => {
    const admin = await signedInPage(suite.browser, suite.server, { userName: 'first', level: 4 })
    await admin.goto('/members/map')
    await poll(() => admin.getByText(siteMapMessages.noSiteMapYet).isVisible()).toBe(true)
    await expectNoAxeViolations(admin)
    await admin.getByRole('link', { name: 'Draw the site map' }).click()
    await poll(() => headingOf(admin)).toBe('Site map drawing')
    expect(pathOf(admin)).toBe('/members/site-map')
    // The drawing tool itself does not lead to itself.
    expect(await admin.getByRole('link', { name: 'Draw the site map' }).count()).toBe(0)

    const committee = await signedInPage(suite.browser, suite.server, {
      userName: 'early',
      level: 3,
    })
    await committee.goto('/members/map')
    await poll(() => committee.getByText(siteMapMessages.noSiteMapYet).isVisible()).toBe(true)
    expect(await committee.getByRole('link', { name: 'Draw the site map' }).count()).toBe(0)
  })

  describe('once drawn', () => {
    let api: APIRequestContext
    beforeAll(async () => {
      await storeRiversideMap(suite.server)
      // 01 let and paid, 02 let and owing, 03 vacant and offered, 04 vacant.
      api = await apiAs(suite.server, 'map-committee', 3)
      await makePerson(api, 'paying')
      await makePerson(api, 'owing')
      await makePerson(api, 'hopeful', { onWaitingList: true })
      await makePlot(api, '01', { paid: true })
      await makePlot(api, '02')
      await makePlot(api, '03')
      await makePlot(api, '04')
      await giveTenant(api, '01', 'paying')
      await giveTenant(api, '02', 'owing')
      const offered = await api.post('/api/offers', { data: { plotId: '03', personId: 'hopeful' } })
      expect(offered.status(), await offered.text()).toBe(201)
    })
    afterAll(() => api?.dispose())

    it('shows a plotholder all 72 plot numbers, which plots are let, and nothing to open', async () => {
      const page = await signedInPage(suite.browser, suite.server, {
        userName: 'plotholder1',
        level: 1,
      })
      await page.goto('/members/map')
      await poll(() => headingOf(page)).toBe('Site map')
      const map = page.getByRole('img', { name: /allotment site/ })
      await poll(() => map.isVisible()).toBe(true)

      const labels = await map.locator('.plot__label').allTextContents()
      expect(labels.toSorted()).toEqual(plotNumbers.toSorted())
      expect(await map.getByText('Orchard').count()).toBe(1)
      // Let or vacant only: not whose rent is owing, nor which plot the committee has offered.
      expect(await keyOf(page)).toEqual([plotStatus.vacant, plotStatus.let])
      expect(await stateOf(page, '01')).toBe('let')
      expect(await stateOf(page, '02')).toBe('let')
      expect(await stateOf(page, '03')).toBe('vacant')
      expect(await map.textContent()).not.toMatch(/paid|offered/i)
      // Read-only: no plot is a link, and a plot's page stays the committee's.
      expect(await page.locator('[role="link"][data-plot-id]').count()).toBe(0)
      await expectNoAxeViolations(page)
    })

    it('shows the committee every state with its key, and opens a plot by pointer or keyboard', async () => {
      const page = await signedInPage(suite.browser, suite.server, {
        userName: 'walker',
        level: 3,
      })
      await page.goto('/members/map')
      const map = page.getByRole('group', { name: /allotment site/ })
      await poll(() => map.isVisible()).toBe(true)
      expect(await keyOf(page)).toEqual([
        plotStatus.vacant,
        plotStatus.offered,
        plotStatus.occupied,
        plotStatus.unpaid,
      ])
      expect(await stateOf(page, '01')).toBe('occupied')
      expect(await stateOf(page, '02')).toBe('unpaid')
      expect(await stateOf(page, '03')).toBe('offered')
      expect(await stateOf(page, '04')).toBe('vacant')
      // Told in words too, not by colour alone.
      expect(await map.locator('[data-plot-id="02"] title').textContent()).toBe(
        `Plot 02: ${plotStatus.unpaid}`,
      )
      await expectNoAxeViolations(page)

      await map.getByRole('link', { name: 'Plot 02' }).click()
      await poll(() => headingOf(page)).toBe('Plot 02')
      await page.goBack()
      await map.getByRole('link', { name: 'Plot 03' }).focus()
      await page.keyboard.press('Enter')
      await poll(() => headingOf(page)).toBe('Plot 03')
    })

    it('opens on a phone with each plot a 44 px target and its number readable, without horizontal scrolling', async () => {
      const page = await signedInPage(suite.browser, suite.server, {
        userName: 'plotholder2',
        level: 1,
        viewport: PHONE,
      })
      await page.goto('/members/map')
      const map = page.getByRole('img', { name: /allotment site/ })
      await poll(() => map.isVisible()).toBe(true)
      await expectNoHorizontalScroll(page)
      const smallest = await map.locator('[data-plot-id]').evaluateAll((plots) =>
        Math.min(
          ...plots.map((plot) => {
            const { width, height } = plot.getBoundingClientRect()
            return Math.min(width, height)
          }),
        ),
      )
      expect(smallest).toBeGreaterThanOrEqual(44)
      const label = await map.locator('.plot__label').first().boundingBox()
      expect(label!.height).toBeGreaterThanOrEqual(12)
    })

    it('sends a plotholder who opens /members/plots to the map', async () => {
      const page = await signedInPage(suite.browser, suite.server, {
        userName: 'plotholder3',
        level: 1,
      })
      await page.goto('/members/plots')
      await poll(() => pathOf(page)).toBe('/members/map')
      await poll(() => headingOf(page)).toBe('Site map')
    })
  })
})
