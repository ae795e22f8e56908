import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { apiAs, expectNoAxeViolations, signedInPage } from '#tests/helpers/browser'
import {
  giveTenant,
  headingOf,
  makePerson,
  makePlot,
  pathOf,
  poll,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

describe('plot detail, new plot and edit', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 3)
    await makePerson(api, 'jsmith', { firstName: 'Jo', lastName: 'Smith' })
    await makePlot(api, '40', {
      ...{ description: 'By the gate', area: 120, distance: 15, fee: 50 },
      ...{ gradient: 'slope', paid: true, isFailed: true },
    })
    await giveTenant(api, '40', 'jsmith')
  })
  afterAll(async () => {
    await api?.dispose()
  })

  it('shows a level-2 user the plot with inactive tenant links and no way to edit', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'viewer2', level: 2 })
    await page.goto('/members/plots/40')
    await poll(() => headingOf(page)).toBe('Plot 40')
    expect(await page.getByText('By the gate').isVisible()).toBe(true)

    const tenant = page.getByRole('link', { name: 'jsmith' })
    expect(await tenant.getAttribute('aria-disabled')).toBe('true')
    expect(await tenant.getAttribute('href')).toBeNull()
    expect(await page.getByRole('button', { name: 'Edit Tenants' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0)
    await expectNoAxeViolations(page)

    await page.goto('/members/plots/new')
    await poll(() => page.getByRole('status').textContent()).toContain('committee')
    expect(await page.getByLabel('Plot name').count()).toBe(0)
  })

  it('gives the committee live tenant links, and edits the plot', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'clerk', level: 3 })
    await page.goto('/members/plots/40')
    await poll(() => headingOf(page)).toBe('Plot 40')
    const tenant = page.getByRole('link', { name: 'jsmith' })
    expect(await tenant.getAttribute('href')).toBe('/members/plotholders/jsmith')
    expect(await page.getByRole('link', { name: 'Edit Tenants' }).getAttribute('href')).toBe(
      '/members/plots/40/addTenants',
    )

    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    expect(await page.getByLabel('Gradient').inputValue()).toBe('slope')
    await page.getByLabel('Description').fill('By the gate, near the tap')
    await page.getByLabel('Fee (£)').fill('55')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await poll(() => page.getByText('By the gate, near the tap').isVisible()).toBe(true)
    // The text can show before the save's answer is in (the description's box holds it too).
    await poll(async () => (await (await api.get('/api/plots/40')).json()).fee).toBe(55)
  })

  it('keeps typed values and explains when someone else saved first', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'clerk', level: 3 })
    await page.goto('/members/plots/40')
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await page.getByLabel('Description').fill('My version')

    const current = await (await api.get('/api/plots/40')).json()
    const { id, tenants, occupied, ...fields } = current
    void [id, tenants, occupied]
    expect((await api.put('/api/plots/40', { data: { ...fields, area: 130 } })).status()).toBe(200)

    await page.getByRole('button', { name: 'Save changes' }).click()
    await poll(() => page.getByRole('alert').textContent()).toContain('Someone else changed')
    expect(await page.getByLabel('Description').inputValue()).toBe('My version')
  })

  it('creates a plot from the new plot form and refuses a name in use', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'clerk', level: 3 })
    await page.goto('/members/plots')
    await page.getByRole('link', { name: 'New plot' }).click()
    await poll(() => headingOf(page)).toBe('New plot')
    expect(await page.getByLabel('Gradient').inputValue()).toBe('slope')
    expect(await page.getByLabel('Fee (£)').inputValue()).toBe('45')
    await expectNoAxeViolations(page)

    await page.getByLabel('Plot name').fill('41')
    await page.getByLabel('Area (m²)').fill('12.5')
    await page.getByRole('button', { name: 'Add plot' }).click()
    await poll(() => page.getByRole('alert').textContent()).toContain('whole number')

    await page.getByLabel('Area (m²)').fill('90')
    await page.getByLabel('Distance (m)').fill('30')
    await page.getByLabel('New plot').check()
    await page.getByRole('button', { name: 'Add plot' }).click()
    await poll(() => pathOf(page)).toBe('/members/plots/41')
    await poll(() => headingOf(page)).toBe('Plot 41')
    const saved = await (await api.get('/api/plots/41')).json()
    expect(saved).toMatchObject({ area: 90, distance: 30, gradient: 'slope', isNew: true })

    await page.goto('/members/plots/new')
    await page.getByLabel('Plot name').fill('40')
    await page.getByRole('button', { name: 'Add plot' }).click()
    await poll(() => page.getByRole('alert').textContent()).toBe('Plot name already in use!')
  })

  it("shows 'Error!' for a plot that does not exist", async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'clerk', level: 3 })
    await page.goto('/members/plots/99')
    await poll(() => page.getByRole('alert').textContent()).toBe('Error!')
  })
})
