import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
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
  poll,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Grid links are named 'Plot 07 …' (id, tenants, status); map plots are named 'Plot 07'.
const gridPlot = (page: Page, id: string) =>
  page.getByRole('list', { name: 'Plots' }).getByRole('link', { name: new RegExp(`^Plot ${id} `) })
const gridIds = async (page: Page) =>
  (await page.locator('.plot-card__id').allTextContents()).map((text) => text.replace('Plot ', ''))

describe('plots list: grid, map and filter', () => {
  const suite = useServerAndBrowser()
  beforeAll(async () => {
    const api = await apiAs(suite.server, 'fixtures', 3)
    for (const person of ['amelia', 'bertie', 'cedric']) await makePerson(api, person)
    await makePlot(api, '07')
    await makePlot(api, '12', { paid: true })
    await giveTenant(api, '12', 'amelia')
    await makePlot(api, '13')
    for (const tenant of ['bertie', 'cedric']) await giveTenant(api, '13', tenant)
    await makePlot(api, '14', { showOnGrid: false })
    await makePlot(api, '20', { isNew: true, paid: true })
    await giveTenant(api, '20', 'cedric')
    await api.dispose()
    await storeRiversideMap(suite.server)
  })

  it('toggles grid and map and remembers the choice over a reload', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'clerk', level: 3 })
    await page.goto('/members/plots')
    await poll(() => gridPlot(page, '12').isVisible()).toBe(true)
    expect(await gridPlot(page, '12').getAttribute('href')).toBe('/members/plots/12')
    expect(await page.getByRole('link', { name: 'New plot' }).isVisible()).toBe(true)
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Switch to map' }).click()
    const map = page.getByRole('group', { name: 'Plots on the site map' })
    await poll(() => map.isVisible()).toBe(true)
    expect(await page.getByRole('list', { name: 'Key to plot colours' }).isVisible()).toBe(true)
    expect(await map.locator('[data-plot-id="13"]').getAttribute('class')).toContain('plot--unpaid')
    await expectNoAxeViolations(page)

    await page.reload()
    await poll(() => map.isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Switch to grid' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('plotsView'))).toBe('map')

    await page.getByRole('button', { name: 'Switch to grid' }).click()
    await page.reload()
    await poll(() => gridPlot(page, '12').isVisible()).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('plotsView'))).toBe('grid')
  })

  it("filters by 'empty', 'unpaid', 'new' and a nickname; hides plots kept off the grid", async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'viewer2', level: 2 })
    await page.goto('/members/plots')
    await poll(() => gridIds(page)).toEqual(['07', '12', '13', '20'])
    const filter = page.getByLabel('Filter plots')
    expect(await filter.getAttribute('placeholder')).toBe('Plot holder nickname')

    const cases: Array<[string, string[]]> = [
      ['empty', ['07']],
      ['unpaid', ['13']],
      ['paid', ['12', '20']],
      ['new', ['20']],
      ['ced', ['13', '20']],
      ['AMELIA', ['12']],
      ['a', ['07', '12', '13', '20']], // one character: not yet a filter
      ['nobody', []],
    ]
    for (const [text, ids] of cases) {
      await filter.fill(text)
      await poll(() => gridIds(page), text).toEqual(ids)
    }
    // Level 2 may look but not add.
    expect(await page.getByRole('link', { name: 'New plot' }).count()).toBe(0)
  })

  it('opens a plot from the map view by click and by keyboard, fading plots outside the filter', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'clerk', level: 3 })
    await page.goto('/members/plots')
    await page.evaluate(() => localStorage.setItem('plotsView', 'map'))
    await page.reload()
    const map = page.getByRole('group', { name: 'Plots on the site map' })
    await poll(() => map.isVisible()).toBe(true)

    await page.getByLabel('Filter plots').fill('unpaid')
    await poll(() => map.locator('[data-dimmed]').count()).toBe(71)
    expect(await map.locator('[data-plot-id="13"]').getAttribute('data-dimmed')).toBeNull()

    await map.getByRole('link', { name: 'Plot 07' }).click()
    await poll(() => pathOf(page)).toBe('/members/plots/07')
    await poll(() => headingOf(page)).toBe('Plot 07')

    await page.goBack()
    await map.getByRole('link', { name: 'Plot 12' }).focus()
    await page.keyboard.press('Enter')
    await poll(() => pathOf(page)).toBe('/members/plots/12')
  })

  it('wraps the grid on a 375 px phone without horizontal scrolling', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'phone3',
      level: 3,
      viewport: { width: 375, height: 740 },
    })
    await page.goto('/members/plots')
    await poll(() => gridPlot(page, '20').isVisible()).toBe(true)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Switch to map' }).click()
    await poll(() => page.getByRole('link', { name: 'Plot 66b' }).isVisible()).toBe(true)
    await expectNoHorizontalScroll(page)
  })
})
