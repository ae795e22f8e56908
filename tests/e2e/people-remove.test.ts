import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { apiAs, expectNoAxeViolations, signedInPage } from '#tests/helpers/browser'
import {
  firstAlert,
  giveTenant,
  makePerson,
  makePlot,
  pathOf,
  poll,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

describe('removing people: moves between the lists and deletion', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  let page: Page
  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 3)
    await makePerson(api, 'huw', { firstName: 'Huw', lastName: 'Jenkins', onWaitingList: false })
    await makePerson(api, 'ifan', { firstName: 'Ifan', lastName: 'Lloyd', onWaitingList: true })
    await makePerson(api, 'jac', { firstName: 'Jac', lastName: 'Owen', onWaitingList: false })
    await makePlot(api, '12')
    await giveTenant(api, '12', 'huw')
    page = await signedInPage(suite.browser, suite.server, { userName: 'secretary', level: 3 })
  })
  afterAll(async () => {
    await api?.dispose()
  })

  it("refuses to move a person with plots to the waiting list: 'This person has plots'", async () => {
    await page.goto('/members/plotholders')
    const row = page.locator('.people-list__item', { hasText: 'Jenkins, Huw' })
    await poll(() => row.textContent()).toContain('Plot 12')
    await row.getByRole('link').click()
    await poll(() => page.getByRole('link', { name: 'Plot 12' }).getAttribute('href')).toBe(
      '/members/plots/12',
    )
    await page.getByRole('link', { name: 'Remove' }).click()
    await poll(() => pathOf(page)).toBe('/members/plotholders/huw/delete')
    const title = page.getByRole('heading', { name: 'Remove huw From Plot Holders' })
    await poll(() => title.isVisible()).toBe(true)
    const group = page.getByRole('group', { name: 'What should happen to huw?' })
    expect(await group.getByLabel('Move to waiting list').isChecked()).toBe(true)
    expect(await group.getByLabel('Delete the person record').isChecked()).toBe(false)
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Proceed' }).click()
    await poll(() => firstAlert(page)).toBe('This person has plots')
    expect(pathOf(page)).toBe('/members/plotholders/huw/delete')
    const huw = await (await api.get('/api/people/huw')).json()
    expect(huw).toMatchObject({ isPlotHolder: true, onWaitingList: false, plots: ['12'] })

    await page.getByRole('button', { name: 'Cancel' }).click()
    await poll(() => pathOf(page)).toBe('/members/plotholders/huw')
  })

  it("refuses to move someone without a plot to plot holders: 'This person doesn't have a plot yet'", async () => {
    await page.goto('/members/waitinglist/ifan/delete')
    await poll(() =>
      page.getByRole('heading', { name: 'Remove ifan From Waiting List' }).isVisible(),
    ).toBe(true)
    expect(await page.getByLabel('Move to plot holders').isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Proceed' }).click()
    await poll(() => firstAlert(page)).toBe("This person doesn't have a plot yet")
  })

  it('moves a plot holder without plots to the waiting list; both lists follow', async () => {
    await page.goto('/members/plotholders/jac/delete')
    await page.getByRole('button', { name: 'Proceed' }).click()
    await poll(() => pathOf(page)).toBe('/members/plotholders')
    await poll(() => page.getByRole('link', { name: 'Owen, Jac' }).count()).toBe(0)
    await page
      .getByRole('navigation', { name: 'Members' })
      .getByRole('link', { name: 'Waiting list' })
      .click()
    await poll(() => page.getByRole('link', { name: 'Owen, Jac' }).isVisible()).toBe(true)
  })

  it('deletes a person record', async () => {
    await page.goto('/members/waitinglist/ifan/delete')
    await page.getByLabel('Delete the person record').check()
    await page.getByRole('button', { name: 'Proceed' }).click()
    await poll(() => pathOf(page)).toBe('/members/waitinglist')
    await poll(() => page.getByRole('status').first().textContent()).toBe('ifan was deleted.')
    expect(await page.getByRole('link', { name: 'Lloyd, Ifan' }).count()).toBe(0)
    expect((await api.get('/api/people/ifan')).status()).toBe(404)
  })

  it("shows 'Error!' for a missing person on the person and removal screens", async () => {
    await page.goto('/members/plotholders/nobody')
    await poll(() => page.getByRole('heading', { name: 'Error!' }).isVisible()).toBe(true)
    await page.goto('/members/waitinglist/nobody/delete')
    await poll(() => page.getByRole('heading', { name: 'Error!' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Proceed' }).count()).toBe(0)
  })

  it('opens a person under the list they are on, whichever list the link named', async () => {
    await page.goto('/members/waitinglist/huw/delete')
    await poll(() => pathOf(page)).toBe('/members/plotholders/huw/delete')
    await page.goto('/members/plotholders/jac')
    await poll(() => pathOf(page)).toBe('/members/waitinglist/jac')
  })
})
