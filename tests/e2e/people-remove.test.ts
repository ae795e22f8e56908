import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Browser, Page } from 'playwright-core'
import {
  apiAs,
  expectNoAxeViolations,
  launchBrowser,
  signedInPage,
  startServer,
  type TestServer,
} from '#tests/helpers/browser'

const path = (page: Page) => new URL(page.url()).pathname
// Generous: the machine may be busy with other test runs; a passing check returns at once.
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 })
const today = new Date().toISOString().slice(0, 10)

interface Fixture {
  id: string
  firstName: string
  lastName: string
  onWaitingList: boolean
}

async function makePerson(api: APIRequestContext, person: Fixture) {
  const response = await api.post('/api/people', {
    data: {
      ...{ dateJoined: today, joinedWaitingList: today },
      ...{ address: '', phoneNumber: '', email: '', altEmail: '' },
      ...person,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
}

async function givePlot(api: APIRequestContext, plotId: string, personId: string) {
  const plot = await api.post('/api/plots', {
    data: {
      ...{ id: plotId, description: '', area: 100, distance: 0, fee: 45, gradient: 'flat' },
      ...{ paid: false, showOnGrid: true, isNew: false, isFailed: false },
    },
  })
  expect(plot.status(), await plot.text()).toBe(201)
  const tenancy = await api.put(`/api/plots/${plotId}/tenants/${personId}`)
  expect(tenancy.status(), await tenancy.text()).toBe(200)
}

const alertText = (page: Page) => page.getByRole('alert').first().textContent()

describe('removing people: moves between the lists and deletion', () => {
  let server: TestServer
  let browser: Browser
  let api: APIRequestContext
  let page: Page
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
    api = await apiAs(server, 'fixtures', 3)
    await makePerson(api, {
      id: 'huw',
      firstName: 'Huw',
      lastName: 'Jenkins',
      onWaitingList: false,
    })
    await makePerson(api, { id: 'ifan', firstName: 'Ifan', lastName: 'Lloyd', onWaitingList: true })
    await makePerson(api, { id: 'jac', firstName: 'Jac', lastName: 'Owen', onWaitingList: false })
    await givePlot(api, '12', 'huw')
    page = await signedInPage(browser, server, { userName: 'secretary', level: 3 })
  })
  afterAll(async () => {
    await api?.dispose()
    await browser?.close()
    await server?.stop()
  })

  it("refuses to move a person with plots to the waiting list: 'This person has plots'", async () => {
    await page.goto('/members/plotholders')
    const row = page.locator('.people-list__item', { hasText: 'Jenkins, Huw' })
    await eventually(() => row.textContent()).toContain('Plots 12')
    await row.getByRole('link').click()
    await eventually(() => page.getByRole('link', { name: 'Plot 12' }).getAttribute('href')).toBe(
      '/members/plots/12',
    )
    await page.getByRole('link', { name: 'Remove' }).click()
    await eventually(() => path(page)).toBe('/members/plotholders/huw/delete')
    const title = page.getByRole('heading', { name: 'Remove huw From Plot Holders' })
    await eventually(() => title.isVisible()).toBe(true)
    const group = page.getByRole('group', { name: 'What should happen to huw?' })
    expect(await group.getByLabel('Move to waiting list').isChecked()).toBe(true)
    expect(await group.getByLabel('Delete the person record').isChecked()).toBe(false)
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Proceed' }).click()
    await eventually(() => alertText(page)).toBe('This person has plots')
    expect(path(page)).toBe('/members/plotholders/huw/delete')
    const huw = await (await api.get('/api/people/huw')).json()
    expect(huw).toMatchObject({ isPlotHolder: true, onWaitingList: false, plots: ['12'] })

    await page.getByRole('button', { name: 'Cancel' }).click()
    await eventually(() => path(page)).toBe('/members/plotholders/huw')
  })

  it("refuses to move someone without a plot to plot holders: 'This person doesn't have a plot yet'", async () => {
    await page.goto('/members/waitinglist/ifan/delete')
    await eventually(() =>
      page.getByRole('heading', { name: 'Remove ifan From Waiting List' }).isVisible(),
    ).toBe(true)
    expect(await page.getByLabel('Move to plot holders').isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Proceed' }).click()
    await eventually(() => alertText(page)).toBe("This person doesn't have a plot yet")
  })

  it('moves a plot holder without plots to the waiting list; both lists follow', async () => {
    await page.goto('/members/plotholders/jac/delete')
    await page.getByRole('button', { name: 'Proceed' }).click()
    await eventually(() => path(page)).toBe('/members/plotholders')
    await eventually(() => page.getByRole('link', { name: 'Owen, Jac' }).count()).toBe(0)
    await page
      .getByRole('navigation', { name: 'Members' })
      .getByRole('link', { name: 'Waiting list' })
      .click()
    await eventually(() => page.getByRole('link', { name: 'Owen, Jac' }).isVisible()).toBe(true)
  })

  it('deletes a person record', async () => {
    await page.goto('/members/waitinglist/ifan/delete')
    await page.getByLabel('Delete the person record').check()
    await page.getByRole('button', { name: 'Proceed' }).click()
    await eventually(() => path(page)).toBe('/members/waitinglist')
    await eventually(() => page.getByRole('status').first().textContent()).toBe('ifan was deleted.')
    expect(await page.getByRole('link', { name: 'Lloyd, Ifan' }).count()).toBe(0)
    expect((await api.get('/api/people/ifan')).status()).toBe(404)
  })

  it("shows 'Error!' for a missing person on the person and removal screens", async () => {
    await page.goto('/members/plotholders/nobody')
    await eventually(() => page.getByRole('heading', { name: 'Error!' }).isVisible()).toBe(true)
    await page.goto('/members/waitinglist/nobody/delete')
    await eventually(() => page.getByRole('heading', { name: 'Error!' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Proceed' }).count()).toBe(0)
  })

  it('opens a person under the list they are on, whichever list the link named', async () => {
    await page.goto('/members/waitinglist/huw/delete')
    await eventually(() => path(page)).toBe('/members/plotholders/huw/delete')
    await page.goto('/members/plotholders/jac')
    await eventually(() => path(page)).toBe('/members/waitinglist/jac')
  })
})
