import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { commonMessages } from '#shared/messages/common'
import { siteMapMessages } from '#shared/messages/site-map'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import {
  alertTexts,
  field,
  headingOf,
  LAPTOP,
  pathOf,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

const numberIn = async (page: Page, label: string) => Number(await field(page, label).inputValue())

// Drags from a point of the element (fractions of its box) by a number of screen pixels.
async function drag(
  page: Page,
  target: Locator,
  at: { x: number; y: number },
  by: { x: number; y: number },
) {
  const box = await target.boundingBox()
  if (!box) throw new Error('nothing to drag')
  const start = { x: box.x + box.width * at.x, y: box.y + box.height * at.y }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(start.x + by.x, start.y + by.y, { steps: 8 })
  await page.mouse.up()
}

// Issue 14, 3b: an association with no drawing draws its layout in the browser.
describe('drawing the site layout in the browser', () => {
  const suite = useServerAndBrowser()

  it('adds, renames, moves by mouse and keyboard, resizes and saves plots and a feature, then makes their records', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'layout-admin',
      level: 4,
      viewport: LAPTOP,
    })
    await page.goto('/members/site-map')
    await poll(() => headingOf(page)).toBe('Site map drawing')
    await poll(() => page.getByText(siteMapMessages.chooseLayoutItem).count()).toBe(1)

    await page.getByRole('button', { name: 'Add a plot' }).click()
    await field(page, 'Plot name').fill('A1')
    const plot = page.getByRole('button', { name: 'Plot A1', exact: true })
    await poll(() => plot.getAttribute('aria-pressed')).toBe('true')
    const before = {
      x: await numberIn(page, 'From the left'),
      y: await numberIn(page, 'From the top'),
    }

    // A mouse drag moves it on the 5-unit grid.
    await drag(page, plot, { x: 0.5, y: 0.5 }, { x: 200, y: 120 })
    const moved = {
      x: await numberIn(page, 'From the left'),
      y: await numberIn(page, 'From the top'),
    }
    expect(moved.x).toBeGreaterThan(before.x + 20)
    expect(moved.y).toBeGreaterThan(before.y + 10)
    expect([moved.x % 5, moved.y % 5]).toEqual([0, 0])

    // Its corner handle resizes it.
    const width = await numberIn(page, 'Width')
    await drag(page, plot, { x: 0.98, y: 0.98 }, { x: 80, y: 0 })
    expect(await numberIn(page, 'Width')).toBeGreaterThan(width)
    expect(await numberIn(page, 'From the left')).toBe(moved.x)

    // The keyboard moves it a grid step, and Shift with an arrow makes it taller.
    const height = await numberIn(page, 'Height')
    await plot.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Shift+ArrowDown')
    await poll(() => numberIn(page, 'From the left')).toBe(moved.x + 5)
    await poll(() => numberIn(page, 'Height')).toBe(height + 5)

    // A feature, named and of a kind.
    await page.getByRole('button', { name: 'Add a feature' }).click()
    await field(page, 'Feature name').fill('Tool shed')
    await field(page, 'Kind').selectOption({ label: 'Building' })
    await poll(() => page.getByRole('button', { name: 'Tool shed' }).count()).toBe(1)

    // A second plot given the first one's name is refused on saving, with the reason.
    await page.getByRole('button', { name: 'Add a plot' }).click()
    await field(page, 'Plot name').fill('A1')
    await page.getByRole('button', { name: 'Save the layout' }).click()
    await poll(() => alertTexts(page)).toContain(siteMapMessages.plotDrawnTwice('A1'))
    await field(page, 'Plot name').fill('A2')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Save the layout' }).click()
    await poll(() => statusTexts(page)).toContain(siteMapMessages.siteMapSaved)

    // The check sees two drawn plots without records, and one action makes them.
    await poll(() => page.getByText('Drawn plots without a record: A1, A2.').count()).toBe(1)
    await page.getByRole('button', { name: 'Create the missing plots (2)' }).click()
    await poll(() => statusTexts(page)).toContain(siteMapMessages.plotsCreated(2))

    // Everyone's site map shows the saved layout.
    await page.goto('/members/map')
    for (const name of ['A1', 'A2', 'Tool shed']) {
      await poll(() => page.locator('svg.site-map').getByText(name, { exact: true }).count()).toBe(
        1,
      )
    }
  })

  it('asks before leaving a changed layout, and refuses a save over a newer one', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'layout-phone',
      level: 4,
      viewport: PHONE,
    })
    await page.goto('/members/site-map')
    await poll(() => page.getByRole('button', { name: 'Add a plot' }).count()).toBe(1)
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Add a plot' }).click()

    await page.getByRole('link', { name: 'Site map', exact: true }).first().click()
    await poll(() => page.getByRole('dialog').textContent()).toContain(
      commonMessages.unsavedChanges,
    )
    await page.getByRole('button', { name: 'Stay on this page' }).click()
    await poll(() => page.getByRole('dialog').isVisible()).toBe(false)
    expect(pathOf(page)).toBe('/members/site-map')

    // Another administrator saves first: this edit is refused as stale, and nothing is lost.
    const other = await apiAs(suite.server, 'layout-other', 4)
    const current = (await (await other.get('/api/site-map')).json()) as { version: number } | null
    const layout = { viewBox: { width: 297, height: 210 }, plots: [], features: [] }
    expect(
      (await other.put('/api/site-map', { data: { layout, version: current?.version ?? 0 } })).ok(),
    ).toBe(true)
    await page.getByRole('button', { name: 'Save the layout' }).click()
    await poll(() => alertTexts(page)).toContain(commonMessages.staleVersion)
    expect(await page.getByRole('button', { name: /^Plot / }).count()).toBeGreaterThan(0)
  })
})
