import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { accountMessages } from '#shared/messages/accounts'
import { siteMessages } from '#shared/messages/sites'
import type { Account } from '#shared/schemas/account'
import type { Site } from '#shared/schemas/site'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
  smallTapTargets,
} from '#tests/helpers/browser'
import {
  field,
  firstAlert,
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

// Issue 46, items 1 and 2 on screen (decision 49): the administrator adds a second site, makes a
// plot "1" on it beside the first site's "1", and the plots screen shows both by site; the site
// chosen above the plots is remembered on the device.

/** The field with exactly this label, in one form of the page. */
const box = (form: Locator, label: string) => form.getByLabel(label, { exact: true })

const cardNames = async (page: Page) =>
  page.getByRole('list', { name: 'Plots' }).locator('.plot-card__id').allTextContents()

describe.each([
  ['375 px', PHONE],
  ['1280 px', { width: 1280, height: 800 }],
])('sites at %s', (_width, viewport) => {
  const suite = useServerAndBrowser()
  let first: Site | undefined

  beforeAll(async () => {
    const api = await apiAs(suite.server, 'fixtures', 4)
    await makePlot(api, '1')
    ;[first] = (await (await api.get('/api/sites')).json()) as Site[]
    await api.dispose()
  })

  it('adds, edits, retires and brings back a site; a name taken is refused', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'sitekeeper',
      level: 4,
      viewport,
    })
    await page.goto('/members/sites')
    await poll(() => headingOf(page)).toBe(siteMessages.heading)
    await poll(() => page.getByRole('heading', { name: first!.name }).isVisible()).toBe(true)
    // The plots, and so each site's count, come in their own request after the sites.
    await poll(() => page.getByText(siteMessages.plotCount(1)).isVisible()).toBe(true)
    await expectNoAxeViolations(page)

    const adding = page.getByRole('form', { name: siteMessages.addHeading })
    await box(adding, siteMessages.nameLabel).fill('Northfield')
    await box(adding, siteMessages.addressLabel).fill('1 North Lane')
    await box(adding, siteMessages.descriptionLabel).fill('By the river.')
    await adding.getByLabel(siteMessages.facilities.water).check()
    await adding.getByLabel(siteMessages.facilities.stepFree).check()
    await adding.getByRole('button', { name: siteMessages.addButton }).click()
    await poll(() => statusTexts(page)).toContain(siteMessages.added('Northfield'))
    await poll(() => page.getByText('Water, Step-free access').isVisible()).toBe(true)
    expect(await box(adding, siteMessages.nameLabel).inputValue()).toBe('')

    // The server's refusal, shown as every refusal is.
    await box(adding, siteMessages.nameLabel).fill('northfield')
    await adding.getByRole('button', { name: siteMessages.addButton }).click()
    await poll(() => firstAlert(page)).toBe(siteMessages.nameInUse)
    await box(adding, siteMessages.nameLabel).fill('')

    await page.getByRole('button', { name: siteMessages.editHeading('Northfield') }).click()
    const editing = page.getByRole('form', { name: siteMessages.editHeading('Northfield') })
    await box(editing, siteMessages.descriptionLabel).fill('By the river, with a shed.')
    await editing.getByRole('button', { name: siteMessages.saveButton }).click()
    await poll(() => statusTexts(page)).toContain(siteMessages.saved('Northfield'))
    await poll(() => page.getByText('By the river, with a shed.').isVisible()).toBe(true)

    await page.getByRole('button', { name: siteMessages.retireButton('Northfield') }).click()
    await poll(() => statusTexts(page)).toContain(siteMessages.retired('Northfield'))
    await page.getByRole('button', { name: siteMessages.reopenButton('Northfield') }).click()
    await poll(() => statusTexts(page)).toContain(siteMessages.reopened('Northfield'))

    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    // A finger's targets on a phone (the desktop's top bar has narrower links, as everywhere).
    if (viewport.width === PHONE.width) expect(await smallTapTargets(page)).toEqual([])
  })

  it('makes a plot "1" on the second site; the plots screen shows both by site and remembers the site', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'sitekeeper',
      level: 4,
      viewport,
    })
    await page.goto('/members/plots/new')
    await page.getByLabel(siteMessages.chooserLabel, { exact: true }).selectOption('Northfield')
    await field(page, 'Plot name').fill('1')
    await page.getByRole('button', { name: 'Add plot' }).click()
    await poll(() => headingOf(page)).toBe('Plot 1 (Northfield)')
    expect(pathOf(page)).toMatch(/^\/members\/plots\/1-\d+$/)

    await page.goto('/members/plots')
    const chooser = page.getByLabel(siteMessages.chooserLabel, { exact: true })
    await poll(() => cardNames(page)).toEqual([`Plot 1 (${first!.name})`, 'Plot 1 (Northfield)'])
    expect(await chooser.inputValue()).toBe('')
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    await chooser.selectOption('Northfield')
    await poll(() => cardNames(page)).toEqual(['Plot 1 (Northfield)'])
    await page.reload()
    await poll(() => cardNames(page)).toEqual(['Plot 1 (Northfield)'])
    expect(await chooser.inputValue()).not.toBe('')
    expect(await page.evaluate(() => localStorage.getItem('chosenSite'))).toBe(
      await chooser.inputValue(),
    )

    // Each site has its own map: the map view shows the chosen site's.
    await page.getByRole('button', { name: 'Switch to map' }).click()
    await poll(() => page.getByText(siteMessages.chooseSiteForMap).isVisible()).toBe(false)
    await chooser.selectOption('')
    await poll(() => page.getByText(siteMessages.chooseSiteForMap).isVisible()).toBe(true)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Switch to grid' }).click()
  })

  it("sets an account's sites on the accounts screen", async () => {
    const rep = await apiAs(suite.server, 'northrep', 3)
    await rep.dispose()
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'sitekeeper',
      level: 4,
      viewport,
    })
    await page.goto('/members/users')
    const sites = page.getByRole('form', { name: accountMessages.sitesOf('northrep') })
    await poll(() => sites.isVisible()).toBe(true)
    await sites.getByLabel(accountMessages.onlySites).check()
    await sites.getByRole('button', { name: accountMessages.saveSites }).click()
    await poll(() => firstAlert(page)).toBe(accountMessages.chooseASite)
    await sites.getByLabel('Northfield', { exact: true }).check()
    await sites.getByRole('button', { name: accountMessages.saveSites }).click()
    await poll(() => statusTexts(page)).toContain(accountMessages.sitesSaved('northrep'))
    const api = await apiAs(suite.server, 'fixtures', 4)
    const accounts = (await (await api.get('/api/accounts')).json()) as Account[]
    const north = ((await (await api.get('/api/sites')).json()) as Site[]).find(
      (site) => site.name === 'Northfield',
    )!
    await api.dispose()
    expect(accounts.find((account) => account.userName === 'northrep')!.sites).toEqual([north.id])
    await expectNoAxeViolations(page)
  })

  // A representative sees one site: its plots need no site's name, and a person of theirs who
  // also holds a plot elsewhere shows that plot as on another site, not by its key ("1").
  it("names a representative's plots without their site, and another site's plot as elsewhere", async () => {
    const api = await apiAs(suite.server, 'fixtures', 4)
    const plots = (await (await api.get('/api/plots')).json()) as { id: string; siteId: number }[]
    const northOne = plots.find((plot) => plot.id !== '1' && plot.siteId !== first!.id)!.id
    await makePerson(api, 'twosites', { firstName: 'Ann', lastName: 'Twosites' })
    for (const plotId of ['1', northOne]) await giveTenant(api, plotId, 'twosites')
    await api.dispose()
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'northrep',
      level: 3,
      viewport,
    })
    await page.goto('/members/plots')
    await poll(() => cardNames(page)).toEqual(['Plot 1'])
    await page.goto('/members/plotholders')
    const row = page.getByRole('listitem').filter({ hasText: 'Twosites, Ann' })
    await poll(() => row.textContent()).toContain(`Plots 1, ${siteMessages.plotElsewhere}`)
    await expectNoAxeViolations(page)
  })
})
