import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { importMessages } from '#shared/messages/import'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import {
  headingOf,
  makePlot,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'
import { csvBytes } from '#tests/helpers/spreadsheets'

const NONE = { created: 0, updated: 0, unchanged: 0, skipped: 0 }
const SPREADSHEET = 'Spreadsheet (CSV or .xlsx)'

// Issue 28: the secretary's own spreadsheet, as they keep it: one "Name" column, "Plot No" blank
// for whoever is waiting, "Date started" and "Paid" in their own words, dates the British way.
// Their plots were drawn on the site map first (with the drawing's default fees), so the plots
// sheet updates them; the same people file chosen twice adds nobody twice; an import is undone.
const PLOTS = csvBytes([
  ['Plot', 'Size', 'Rent', 'Paid'],
  ['1', '250', '60', 'Yes'],
  ['2', '125', '35', 'No'],
])
const PEOPLE = csvBytes([
  ['Name', 'Plot No', 'Date started', 'Paid', 'Email', 'Address'],
  ['Margaret Ellison', '1', '03/04/2015', 'Yes', 'margaret@example.org', '4 Mill Lane'],
  ['Tom Baker', '2', '12/09/2019', 'No', '', '9 Station Road'],
  ['Zofia Nowak', '', '05/01/2024', '', 'zofia@example.org', '2 Church Walk'],
  ['Arjun Singh', '', '17/11/2023', '', '', '11 Orchard Close'],
])

describe('a secretary imports their own spreadsheets', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  let page: Page

  beforeAll(async () => {
    api = await apiAs(suite.server, 'secretary-api', 3)
    // As the site map's "create the missing plots" makes them: default area and fee.
    for (const id of ['1', '2']) await makePlot(api, id, { area: 100, fee: 45, paid: false })
    page = await signedInPage(suite.browser, suite.server, {
      userName: 'secretary',
      level: 4,
      viewport: PHONE,
    })
  })
  afterAll(async () => {
    await page?.context().close()
    await api?.dispose()
  })

  const choose = (name: string, buffer: Buffer) =>
    page.getByLabel(SPREADSHEET, { exact: true }).setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer,
    })
  const plot = async (id: string) => (await (await api.get(`/api/plots/${id}`)).json()) as Plot
  const people = async () => (await (await api.get('/api/people')).json()) as Person[]
  const listed = async (path: string) => {
    await page.goto(path)
    const names = page.locator('.people-list__item')
    await poll(() => names.count()).toBeGreaterThan(0)
    return names.allTextContents()
  }

  it('updates the plots drawn on the map with the fees, sizes and paid state of the plots sheet', async () => {
    await page.goto('/members/import')
    await poll(() => headingOf(page)).toBe('Import from a spreadsheet')
    await page.getByLabel('Plots, with their tenants').check()
    await choose('plots.csv', PLOTS)
    await poll(() => statusTexts(page)).toContain(
      importMessages.importWillDo({ ...NONE, updated: 2 }, 'plots'),
    )
    // What will change is shown before anything does.
    const check = page.locator('.import-page table')
    expect(await check.textContent()).toContain('£60.00')
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Import 2 plots' }).click()
    await poll(() => statusTexts(page)).toContain(
      importMessages.importDone({ ...NONE, updated: 2 }, 'plots', 0),
    )
    expect(await plot('1')).toMatchObject({ area: 250, fee: 60, paid: true })
    expect(await plot('2')).toMatchObject({ area: 125, fee: 35, paid: false })
  })

  it('splits one Name column, puts blank plots on the waiting list by their date, and can be undone', async () => {
    await page.goto('/members/import')
    await poll(() => headingOf(page)).toBe('Import from a spreadsheet')
    await choose('members.csv', PEOPLE)
    await poll(() => statusTexts(page)).toContain(importMessages.importReady(4))
    expect(await page.getByLabel('Full name', { exact: true }).inputValue()).toBe('Name')
    const check = page.locator('.import-page table')
    expect(await check.textContent()).toContain('Ellison')
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Import 4 people' }).click()
    await poll(() => statusTexts(page)).toContain(
      importMessages.importDone({ ...NONE, created: 4 }, 'people', 2),
    )

    expect(await listed('/members/plotholders')).toEqual([
      expect.stringContaining('Baker, Tom'),
      expect.stringContaining('Ellison, Margaret'),
    ])
    // Arjun's date is the earlier: first, whatever the file's order.
    expect(await listed('/members/waitinglist')).toEqual([
      expect.stringContaining('Singh, Arjun'),
      expect.stringContaining('Nowak, Zofia'),
    ])
    const zofia = (await people()).find((person) => person.lastName === 'Nowak')!
    expect(zofia).toMatchObject({ firstName: 'Zofia', joinedWaitingList: '2024-01-05' })
    const place = await api.get(`/api/people/${zofia.id}/waiting-list-place`)
    expect((await place.json()).statement).toBe(
      'No. 2 of 2: joined 5 January 2024, after Arjun Singh',
    )
    expect(await plot('2')).toMatchObject({ paid: false, tenants: [expect.any(String)] })

    // Undone: the four are gone, and the plots have no tenants again.
    await page.goto('/members/import')
    await page.getByRole('button', { name: 'Undo this import' }).click()
    await page.getByRole('button', { name: 'Yes, undo the import' }).click()
    const undone = importMessages.importUndone(4, 0).split(',')[0]!
    await poll(async () => (await statusTexts(page)).join('\n')).toContain(undone)
    expect(await people()).toEqual([])
    expect((await plot('1')).tenants).toEqual([])
  })

  it('recognises everyone when the same file comes in twice, and skips them all', async () => {
    await page.goto('/members/import')
    await choose('members.csv', PEOPLE)
    await poll(() => statusTexts(page)).toContain(importMessages.importReady(4))
    await page.getByRole('button', { name: 'Import 4 people' }).click()
    await poll(() => statusTexts(page)).toContain(
      importMessages.importDone({ ...NONE, created: 4 }, 'people', 2),
    )

    await page.goto('/members/import')
    await choose('members.csv', PEOPLE)
    await poll(() => page.getByText(importMessages.recognised(4)).isVisible()).toBe(true)
    expect(await statusTexts(page)).toContain(
      importMessages.importWillDo({ ...NONE, skipped: 4 }, 'people'),
    )
    await page.getByRole('button', { name: 'Import 4 people' }).click()
    await poll(() => statusTexts(page)).toContain(
      importMessages.importDone({ ...NONE, skipped: 4 }, 'people', 0),
    )
    expect(await people()).toHaveLength(4)
  })
})
