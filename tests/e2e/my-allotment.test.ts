import { beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { penceText } from '#shared/domain/money'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type { Person } from '#shared/schemas/person'
import type { MyRent, YearPreview } from '#shared/schemas/rent'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import {
  field,
  headingOf,
  membersLinks,
  PHONE,
  poll,
  seedDemo,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 29 on the demo site at 375 px: demo-plotholder is linked to a plot holder; with a rent
// year started they open My allotment from the menu, find their plot marked on the map and
// their invoice in pounds, and change their phone number, which the committee then has.
describe('my allotment', () => {
  let dataDir = ''
  beforeAll(() => {
    dataDir = seedDemo('my-allotment')
  })
  const suite = useServerAndBrowser(() => ({ dataDir }))
  let committee: APIRequestContext
  let personId = ''

  beforeAll(async () => {
    committee = await apiAs(suite.server, 'demo-committee', 3)
    const accounts = (await (await committee.get('/api/accounts')).json()) as Array<{
      userName: string
      personId: string | null
    }>
    personId = accounts.find((a) => a.userName === 'demo-plotholder')?.personId ?? ''
    expect(personId).not.toBe('')
    const startDate = new Date().toISOString().slice(0, 10)
    const preview = await committee.post('/api/rent/years/preview', { data: { startDate } })
    const { sending } = (await preview.json()) as YearPreview
    const started = await committee.post('/api/rent/years', {
      data: { startDate, confirmed: sending },
    })
    expect(started.status(), await started.text()).toBe(201)
  })

  it('shows a plot holder their plot, their rent and their details, and saves a new phone number', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'demo-plotholder',
      level: 1,
      viewport: PHONE,
    })
    await page.goto('/members/map')
    await poll(() => headingOf(page)).toBe('Site map')
    expect(await membersLinks(page)).toContain('My allotment')
    await page.getByRole('link', { name: 'My allotment' }).click()
    await poll(() => headingOf(page)).toBe('My allotment')

    const person = (await (await committee.get(`/api/people/${personId}`)).json()) as Person
    const plotId = person.plots[0]!
    const myPlot = page.getByRole('region', { name: 'My plot' })
    await poll(() => myPlot.getByText(`Plot ${plotId}`, { exact: true }).isVisible()).toBe(true)
    const marked = myPlot.locator('.plot--own')
    await poll(() => marked.count()).toBe(person.plots.length)
    expect(await marked.first().getAttribute('data-plot-id')).toBe(plotId)

    const myRent = page.getByRole('region', { name: 'My rent' })
    const invoice = myRent.getByRole('row').nth(1)
    await poll(() => invoice.isVisible()).toBe(true)
    const answer = (await (
      await (await apiAs(suite.server, 'demo-plotholder', 1)).get('/api/me/rent')
    ).json()) as MyRent
    expect(await invoice.textContent()).toContain(penceText(answer.invoices[0]!.amount))
    expect(await invoice.textContent()).toMatch(/£\d+\.\d\d/)

    await field(page, 'Phone number').fill('07700 900456')
    await page.getByRole('button', { name: 'Save my details' }).click()
    await poll(() => page.getByRole('status').allTextContents()).toContain(
      myAllotmentMessages.detailsSaved,
    )
    expect(await field(page, 'Phone number').inputValue()).toBe('07700 900456')
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    const saved = (await (await committee.get(`/api/people/${personId}`)).json()) as Person
    expect(saved.phoneNumber).toBe('07700 900456')
    const admin = await apiAs(suite.server, 'demo-admin', 4)
    const logs = JSON.stringify(await (await admin.get('/api/logs')).json())
    expect(logs).toContain('"methodName":"updateOwnDetails"')
  })

  it('tells a member whose account is linked to no one to ask the committee', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'unlinked-member',
      level: 1,
      viewport: PHONE,
    })
    await page.goto('/members/me')
    await poll(() => page.getByRole('alert').allTextContents()).toContain(
      myAllotmentMessages.notLinked,
    )
  })
})
