import { beforeAll, describe, expect, it } from 'vitest'
import { councilReportMessages as words } from '#shared/messages/council-report'
import type { Account } from '#shared/schemas/account'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
  smallTapTargets,
} from '#tests/helpers/browser'
import {
  field,
  giveTenant,
  headingOf,
  LAPTOP,
  makePerson,
  makePlot,
  PHONE,
  poll,
  today,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 46, item 6 on screen (decision 52): the committee reads what councils are asked on a
// phone, each site's figures a card, the total last, with the CSV to download and a print.

describe('the council report at 375 px', () => {
  const suite = useServerAndBrowser()
  let bSite = 0

  beforeAll(async () => {
    const api = await apiAs(suite.server, 'fixtures', 4)
    const site = await api.post('/api/sites', {
      data: { name: 'Northfield', address: '', description: '', facilities: [] },
    })
    expect(site.status(), await site.text()).toBe(201)
    ;({ id: bSite } = (await site.json()) as { id: number })
    await makePlot(api, '1')
    await makePlot(api, '2', { siteId: bSite })
    await makePerson(api, 'rhian', { onWaitingList: false })
    await giveTenant(api, '1', 'rhian')
    const startDate = today()
    const preview = await api.post('/api/rent/years/preview', { data: { startDate } })
    const { sending } = (await preview.json()) as { sending: unknown }
    const started = await api.post('/api/rent/years', { data: { startDate, confirmed: sending } })
    expect(started.status(), await started.text()).toBe(201)
    await api.dispose()
  })

  it('shows each site and the total as cards, money in pounds, with the CSV and a print', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'secretary',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/reports')
    await poll(() => headingOf(page)).toBe(words.heading)
    const rows = page.getByRole('table').getByRole('row')
    await poll(() => page.getByRole('rowheader').allTextContents()).toEqual([
      expect.any(String),
      'Northfield',
      words.total,
    ])
    expect(await rows.filter({ hasText: words.total }).textContent()).toContain('£45.00')
    const csv = page.getByRole('link', { name: 'Download CSV' })
    expect(await csv.getAttribute('href')).toBe('/api/reports/sites.csv')
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true)
    const year = String(new Date().getFullYear())
    expect(await field(page, words.yearLabel).inputValue()).toBe(year)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
    expect(await smallTapTargets(page)).toEqual([])
    await page.context().close()
  })

  // A site's own figures are its total: a representative of one site is not shown them twice.
  it("shows a representative of one site that site's card alone", async () => {
    const rep = await apiAs(suite.server, 'northrep', 3)
    await rep.dispose()
    const api = await apiAs(suite.server, 'fixtures', 4)
    const accounts = (await (await api.get('/api/accounts')).json()) as Account[]
    const { id } = accounts.find((account) => account.userName === 'northrep')!
    const limited = await api.put(`/api/accounts/${id}/sites`, { data: { sites: [bSite] } })
    expect(limited.status(), await limited.text()).toBeLessThan(300)
    await api.dispose()
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'northrep',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/reports')
    await poll(() => page.getByRole('rowheader').allTextContents()).toEqual(['Northfield'])
    await expectNoAxeViolations(page)
    await page.context().close()
  })

  // One more link in the strip: the administrator's, with every link, still one line on a desktop.
  it("keeps the desktop's members strip one line with Reports in it", async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'reportadmin',
      level: 4,
      viewport: LAPTOP,
    })
    await page.goto('/members/reports')
    await poll(() => headingOf(page)).toBe(words.heading)
    expect(await page.getByRole('link', { name: 'Reports' }).isVisible()).toBe(true)
    const height = await page
      .locator('.members__strip')
      .evaluate((strip) => strip.getBoundingClientRect().height)
    expect(height).toBeLessThanOrEqual(64)
    await page.context().close()
  })
})
