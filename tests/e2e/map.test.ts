import { beforeAll, describe, expect, it } from 'vitest'
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
  storeRiversideMap,
} from '#tests/helpers/browser'
import { headingOf, pathOf, PHONE, poll, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'

// Spec section 2: plots 01 to 71, with 66b beside 66.
const plotNumbers = [
  ...Array.from({ length: 71 }, (_, index) => String(index + 1).padStart(2, '0')),
  '66b',
]

describe('members map', () => {
  const suite = useServerAndBrowser()
  beforeAll(() => storeRiversideMap(suite.server))

  it('shows a plotholder the read-only drawing with all 72 plot numbers', async () => {
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
    // Read-only: no plot is a link, and no tenancy shading or legend is shown.
    expect(await page.locator('[role="link"][data-plot-id]').count()).toBe(0)
    expect(await page.getByRole('list', { name: 'Key to plot colours' }).count()).toBe(0)
    await expectNoAxeViolations(page)
  })

  it('fits a phone screen without horizontal scrolling', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'plotholder2',
      level: 1,
      viewport: PHONE,
    })
    await page.goto('/members/map')
    await expect
      .poll(() => page.getByRole('img', { name: /allotment site/ }).isVisible())
      .toBe(true)
    await expectNoHorizontalScroll(page)
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
