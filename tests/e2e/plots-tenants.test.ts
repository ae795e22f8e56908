import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { tenancyEndMessages } from '#shared/messages/tenancy-end'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import {
  makePerson,
  makePlot,
  pathOf,
  poll,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

const fourTenantsOnly = 'Only four tenants allowed per plot'

const people = ['anwen', 'bryn', 'carys', 'dafydd', 'efa', 'ffion']

describe('add and remove tenants', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 3)
    for (const [index, id] of people.entries())
      await makePerson(api, id, { firstName: `Person${index}`, onWaitingList: true })
    await makePlot(api, '30')
    await makePlot(api, '31')
  })
  afterAll(async () => {
    await api?.dispose()
  })

  it('moves four people across, refuses a fifth, removes one, and returns with Done', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'clerk',
      level: 3,
      viewport: { width: 375, height: 740 },
    })
    await page.goto('/members/plots/30')
    await page.getByRole('link', { name: 'Edit Tenants' }).click()
    await poll(() => pathOf(page)).toBe('/members/plots/30/addTenants')
    await expect
      .poll(() => page.getByRole('button', { name: /^Add anwen\b/ }).isVisible())
      .toBe(true)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    for (const person of people.slice(0, 4)) {
      await page.getByRole('button', { name: new RegExp(`^Add ${person}\\b`) }).click()
      const moved = page.getByRole('button', { name: new RegExp(`^Remove ${person}\\b`) })
      await poll(() => moved.isVisible(), person).toBe(true)
    }
    expect(await page.getByText('4 of 4 allowed').isVisible()).toBe(true)

    await page.getByRole('button', { name: /^Add efa\b/ }).click()
    await poll(() => page.getByRole('alert').textContent()).toBe(fourTenantsOnly)
    const plot = await (await api.get('/api/plots/30')).json()
    expect(plot.tenants).toEqual(['anwen', 'bryn', 'carys', 'dafydd'])

    // The filter narrows the people who are left to choose from.
    await page.getByLabel('Find a person').fill('ff')
    await expect
      .poll(() => page.locator('.pick--add').allTextContents())
      .toEqual(['Add ffion (Person5 Grower), waiting list no. 6'])

    // Bryn was added by mistake: taken off with no end recorded (a leaving asks the day and why).
    await page.getByRole('button', { name: /^Remove bryn\b/ }).click()
    const leaving = page.getByRole('form', {
      name: tenancyEndMessages.formLabel('Person1 Grower', '30'),
    })
    await leaving.getByLabel(tenancyEndMessages.mistake).check()
    await leaving
      .getByRole('button', { name: tenancyEndMessages.removeButton('Person1 Grower') })
      .click()
    await poll(() => page.getByRole('button', { name: /^Remove bryn\b/ }).count()).toBe(0)
    await page.getByLabel('Find a person').fill('')
    await expect
      .poll(() => page.getByRole('button', { name: /^Add bryn\b/ }).isVisible())
      .toBe(true)
    expect(await page.getByRole('alert').count()).toBe(0)

    await page.getByRole('button', { name: 'Done' }).click()
    await poll(() => pathOf(page)).toBe('/members/plots')
    const card = page.getByRole('link', { name: /^Plot 30 / })
    // The committee's grid names the tenants (issue 28).
    await poll(() => card.textContent()).toContain('Person0 Grower, Person2 Grower, Person3 Grower')
  })

  it("shows the server's refusal when the plot filled up behind the screen's back", async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'clerk', level: 3 })
    for (const person of ['anwen', 'bryn', 'carys'])
      await api.put(`/api/plots/31/tenants/${person}`)
    await page.goto('/members/plots/31/addTenants')
    await poll(() => page.getByText('3 of 4 allowed').isVisible()).toBe(true)

    // Someone else takes the last place while this screen still shows three tenants.
    expect((await api.put('/api/plots/31/tenants/dafydd')).status()).toBe(200)
    await page.getByRole('button', { name: /^Add efa\b/ }).click()
    await poll(() => page.getByRole('alert').textContent()).toBe(fourTenantsOnly)
    await poll(() => page.getByText('4 of 4 allowed').isVisible()).toBe(true)
  })

  it('explains to a level-2 user that tenants are committee work', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'viewer2', level: 2 })
    await page.goto('/members/plots/30/addTenants')
    await poll(() => page.getByRole('status').textContent()).toContain('committee')
    expect(await page.getByRole('button', { name: /^Add / }).count()).toBe(0)
  })
})
