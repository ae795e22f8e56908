import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { longDate } from '#shared/domain/dates'
import { addDays } from '#shared/domain/rent'
import { offerMessages } from '#shared/messages/offers'
import { peopleMessages } from '#shared/messages/people'
import { tenancyEndMessages as words } from '#shared/messages/tenancy-end'
import { apiAs, expectUsable, signedInPage } from '#tests/helpers/browser'
import {
  field,
  giveTenant,
  headingOf,
  makePerson,
  makePlot,
  pathOf,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 44, item 4 (acceptance): a tenant who leaves, on a phone. From the plot's tenants, the
// secretary gives the day Margaret's tenancy ended and why; the plot, vacant, goes straight to an
// offer to the next on the waiting list; Margaret stays on record as a former tenant with the day
// and the reason. From a person's Remove screen, Arjun leaves the plot he shares with Priya, who
// keeps it.

describe('a tenant who leaves', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 3)
    await makePerson(api, 'maggie', { firstName: 'Margaret', lastName: 'Ellison' })
    await makePerson(api, 'priya', { firstName: 'Priya', lastName: 'Shah' })
    await makePerson(api, 'arjun', { firstName: 'Arjun', lastName: 'Shah' })
    await makePerson(api, 'wendy', { firstName: 'Wendy', lastName: 'Waiting', onWaitingList: true })
    await makePlot(api, '40')
    await makePlot(api, '41')
    await giveTenant(api, '40', 'maggie')
    await giveTenant(api, '41', 'priya')
    await giveTenant(api, '41', 'arjun')
  })
  afterAll(async () => {
    await api?.dispose()
  })

  const secretary = () =>
    signedInPage(suite.browser, suite.server, { userName: 'secretary', level: 3, viewport: PHONE })

  it('ends a tenancy on the day given with its reason, and offers the plot to the waiting list', async () => {
    const page = await secretary()
    await page.goto('/members/plots/40/addTenants')
    await page.getByRole('button', { name: /^Remove maggie\b/ }).click()
    const leaving = page.getByRole('form', { name: words.formLabel('Margaret Ellison', '40') })
    const endedOn = leaving.getByLabel(words.endedOnLabel)
    // London's today, from the server, until changed.
    await poll(() => endedOn.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const today = await endedOn.inputValue()
    await expectUsable(page)

    // No reason: asked for one. A day before the tenancy began (today): refused beside the field.
    await leaving.getByRole('button', { name: words.endButton }).click()
    await poll(() => leaving.getByRole('alert').textContent()).toBe(words.reasonRequired)
    await leaving.getByLabel(words.reasons.gaveUp).check()
    await endedOn.fill(addDays(today, -1))
    await leaving.getByRole('button', { name: words.endButton }).click()
    await poll(() => leaving.getByRole('alert').textContent()).toBe(words.endedBeforeBegan(today))
    await endedOn.fill(today)
    await leaving.getByRole('button', { name: words.endButton }).click()

    // Ended: the plot is vacant, and the way on is to offer it to the next in line.
    await poll(() => statusTexts(page)).toContain(words.ended('Margaret Ellison', '40', today))
    const offer = page.getByRole('link', { name: words.offerToList('40') })
    await poll(() => offer.isVisible()).toBe(true)
    await expect(
      page.getByRole('link', { name: words.keepVacant('40') }).isVisible(),
    ).resolves.toBe(true)
    await expectUsable(page)
    await offer.click()
    await poll(() => headingOf(page)).toBe(offerMessages.makeOffer)
    await poll(() => field(page, offerMessages.plot).inputValue()).toBe('40')
    expect(await field(page, offerMessages.person).inputValue()).toBe('wendy')
    await page.getByRole('button', { name: offerMessages.sendOffer }).click()
    await poll(() => statusTexts(page)).toContain(offerMessages.offerSent('40', 'Wendy Waiting'))

    // The plot's history tells it, with the day and the reason.
    await page.goto('/members/plots/40')
    const ended = page.getByText(words.historyEnded('Margaret Ellison'))
    await poll(() => ended.isVisible()).toBe(true)
    await expect(
      page.getByText(words.historyEndDetail(words.reasons.gaveUp, today)).isVisible(),
    ).resolves.toBe(true)
  })

  it('keeps the leaver on record as a former tenant, with the day and the reason', async () => {
    const page = await secretary()
    await page.goto('/members/plotholders')
    await poll(() => page.getByRole('link', { name: 'Shah, Priya' }).isVisible()).toBe(true)
    // No longer among the plot holders ("Plot holder · No plots"), but among the former tenants.
    expect(await page.getByRole('link', { name: 'Ellison, Margaret' }).count()).toBe(0)
    await page.getByRole('link', { name: peopleMessages.formerTenantsLink }).click()
    await poll(() => headingOf(page)).toBe(words.formerTenantsHeading)
    const row = page.getByRole('row', { name: /Margaret Ellison/ })
    await poll(() => row.isVisible()).toBe(true)
    const [{ endedOn: today }] = await (await api.get('/api/people/maggie/tenancy-ends')).json()
    await expect(row.textContent()).resolves.toContain(longDate(today))
    await expect(row.textContent()).resolves.toContain(words.reasons.gaveUp)
    await expectUsable(page)

    await row.getByRole('link', { name: 'Margaret Ellison' }).click()
    await poll(() => pathOf(page)).toBe('/members/plotholders/maggie')
    const status = words.formerTenantStatus('40', today, words.reasons.gaveUp)
    await poll(() => page.getByText(status).isVisible()).toBe(true)
    const ends = page.getByRole('region', { name: words.endsHeading })
    await poll(() =>
      ends.getByText(words.endRow('40', today, today, words.reasons.gaveUp)).isVisible(),
    ).toBe(true)
    await expectUsable(page)
  })

  it('ends one of two tenants’ tenancy from the Remove screen; the other keeps the plot', async () => {
    const page = await secretary()
    await page.goto('/members/plotholders/arjun/delete')
    await page.getByLabel(peopleMessages.endTenancyChoice).check()
    // The reasons come once the choice is made.
    await page.getByRole('radio', { name: words.reasons.movedAway, exact: true }).check()
    await poll(() => page.getByLabel(words.endedOnLabel).inputValue()).toMatch(/^\d{4}-/)
    await expectUsable(page)
    await page.getByRole('button', { name: 'Proceed' }).click()
    await poll(() => statusTexts(page)).toContainEqual(
      expect.stringMatching(/^Arjun Shah's tenancy of plot 41 ended on /),
    )
    await poll(() => page.getByText(words.stillLet('41', 'Priya Shah')).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: words.offerToList('41') }).count()).toBe(0)
    await expectUsable(page)
    const plot = await (await api.get('/api/plots/41')).json()
    expect(plot.tenants).toEqual(['priya'])
  })
})
