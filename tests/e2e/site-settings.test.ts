import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { inspectionMessages } from '#shared/messages/inspections'
import { offerMessages } from '#shared/messages/offers'
import { siteSettingsMessages } from '#shared/messages/site-settings'
import { siteMessages } from '#shared/messages/sites'
import type { Site } from '#shared/schemas/site'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  settled,
  signedInPage,
} from '#tests/helpers/browser'
import {
  headingOf,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 46, item 2 on screen (decision 53): with a second site, the administrator gives it its own
// days to answer an offer, and its own days to put a plot right, under the organisation's settings,
// on a phone.
describe("a site's own letting and inspection settings on a phone", () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  let north: Site

  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 4)
    const added = await api.post('/api/sites', {
      data: { name: 'Northfield', address: '', description: '', facilities: [] },
    })
    expect(added.status(), await added.text()).toBe(201)
    north = (await added.json()) as Site
  })
  afterAll(async () => {
    await api?.dispose()
  })

  const expectUsable = async (page: Page) => {
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  }

  /** The site section of the page: Northfield chosen, and its own values asked for. */
  async function ownValuesOf(page: Page, words: { heading: string; own: string }) {
    const section = page.getByRole('region', { name: words.heading })
    await poll(() => section.isVisible()).toBe(true)
    await section.getByLabel(siteMessages.chooserLabel).selectOption({ label: 'Northfield' })
    await section.getByLabel(words.own).check()
    return section
  }

  it("gives a site its own days to answer an offer and to put a plot right, starting from the organisation's", async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'siteadmin',
      level: 4,
      viewport: PHONE,
    })
    await page.goto('/members/offers/settings')
    await poll(() => headingOf(page)).toBe(offerMessages.settingsHeading)
    const offers = await ownValuesOf(page, siteSettingsMessages.offers)
    const days = offers.getByLabel(offerMessages.offerDays, { exact: true })
    await poll(() => days.inputValue()).toBe('14')
    await expectUsable(page)
    await days.fill('7')
    await offers.getByRole('button', { name: siteSettingsMessages.offers.submit }).click()
    await poll(() => statusTexts(page)).toContain(siteSettingsMessages.offers.saved('Northfield'))
    const lettingSaved = await api.get(`/api/letting/settings/sites/${north.id}`)
    expect(await lettingSaved.json()).toEqual({
      offers: { offerDays: 7, declineGoesToEnd: false },
      version: 1,
    })

    await page.goto('/members/inspections/settings')
    await poll(() => headingOf(page)).toBe(inspectionMessages.settingsHeading)
    const standards = await ownValuesOf(page, siteSettingsMessages.standards)
    const putRight = standards.getByLabel(inspectionMessages.daysToPutRight, { exact: true })
    await poll(() => putRight.inputValue()).toBe('28')
    await expect(standards.getByText(siteSettingsMessages.lettersHint).isVisible()).resolves.toBe(
      true,
    )
    await expectUsable(page)
    await putRight.fill('10')
    await standards.getByRole('button', { name: siteSettingsMessages.standards.submit }).click()
    await poll(() => statusTexts(page)).toContain(
      siteSettingsMessages.standards.saved('Northfield'),
    )
    const inspectionSaved = await api.get(`/api/inspections/settings/sites/${north.id}`)
    expect(await inspectionSaved.json()).toMatchObject({
      standards: { daysToPutRight: 10, noticeMonths: 1 },
      version: 1,
    })
    await page.context().close()
  })
})
