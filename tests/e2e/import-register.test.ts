import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Locator, Page } from 'playwright-core'
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
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'
import { REGISTER } from '#tests/helpers/register'
import { xlsxBytes } from '#tests/helpers/spreadsheets'

const LAPTOP = { width: 1280, height: 800 }
const EVERYONE = { created: 8, updated: 0, unchanged: 0, skipped: 0, newPlots: 5 }

// The lines a cell's text takes on screen.
const linesOf = (cell: Locator) =>
  cell.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  })

// Issue 44: a secretary's first afternoon, with a predecessor's register in one workbook (title
// rows, joint tenants, titles, notes, the waiting list below the plots): read on a laptop, usable
// on a phone, one name corrected, imported in one go, and every record as the register has it.
describe('a secretary imports a register as it is kept', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  let page: Page

  beforeAll(async () => {
    api = await apiAs(suite.server, 'register-api', 3)
    page = await signedInPage(suite.browser, suite.server, {
      userName: 'secretary',
      level: 4,
      viewport: LAPTOP,
    })
  })
  afterAll(async () => {
    await page?.context().close()
    await api?.dispose()
  })

  it('reads both tables, shows the joint tenants and titles, and imports every record', async () => {
    await page.goto('/members/import')
    await poll(() => headingOf(page)).toBe('Import from a spreadsheet')
    await page.getByLabel('Spreadsheet (CSV or .xlsx)', { exact: true }).setInputFiles({
      name: 'register.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsxBytes({ Register: REGISTER }),
    })
    await poll(() => statusTexts(page)).toContain(importMessages.importWillDo(EVERYONE, 'people'))

    // Each table with its own headings row and columns.
    const plots = page.getByRole('region', {
      name: importMessages.tableHeading(1, 'Larkfield Road Allotment Society: plot register'),
    })
    const waiting = page.getByRole('region', {
      name: importMessages.tableHeading(2, 'Waiting list'),
    })
    expect(await plots.getByLabel(importMessages.headingsRowLabel).inputValue()).toBe('4')
    expect(await waiting.getByLabel(importMessages.headingsRowLabel).inputValue()).toBe('12')
    expect(await waiting.getByLabel('Joined waiting list', { exact: true }).inputValue()).toBe(
      'Date applied',
    )
    await poll(() =>
      page
        .getByText(importMessages.jointRow(6, 'Shah, Priya & Arjun', ['Priya Shah', 'Arjun Shah']))
        .isVisible(),
    ).toBe(true)

    // On a laptop: names whole on one line, and the right-hand columns within reach.
    const check = page.locator('.import-page table')
    const margaret = check.locator('td', { hasText: /^Margaret$/ })
    expect(await linesOf(margaret)).toBe(1)
    const last = check.locator('th').last()
    await last.scrollIntoViewIfNeeded()
    const [cell, frame] = await Promise.all([
      last.boundingBox(),
      page.locator('.import-page .table-scroll').boundingBox(),
    ])
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 1)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)

    // On a phone: every record a card, nothing wider than the screen.
    await page.setViewportSize(PHONE)
    await expectNoHorizontalScroll(page)
    await page.setViewportSize(LAPTOP)

    // A name corrected before the import: Zofia's title, which the register leaves out.
    await page
      .getByRole('button', { name: importMessages.correctName(9) })
      .first()
      .click()
    await page.getByLabel(importMessages.personField('Title', 1)).fill('Ms')
    await page.getByRole('button', { name: 'Use these names' }).click()
    await poll(() => check.locator('tr', { hasText: 'Zofia' }).textContent()).toContain('Ms')

    await page
      .getByRole('button', { name: importMessages.importButton(EVERYONE, 'people') })
      .click()
    await poll(() => statusTexts(page)).toContain(importMessages.importDone(EVERYONE, 'people', 5))

    const people = (await (await api.get('/api/people')).json()) as Person[]
    const named = new Map(people.map((p) => [`${p.firstName} ${p.lastName}`, p]))
    const shown = (name: string) => {
      const { title, plots, notes, onWaitingList } = named.get(name)!
      return { title, plots, notes, onWaitingList }
    }
    expect([...named.keys()].sort()).toEqual([
      'Arjun Shah',
      'Chidi Okafor',
      'Joan Hill',
      'Margaret Ellison',
      'Priya Shah',
      'Samir Haddad',
      'Tom Baker',
      'Zofia Nowak',
    ])
    const holder = (title: string, plot: string, notes = '') => ({
      title,
      plots: [plot],
      notes,
      onWaitingList: false,
    })
    expect(shown('Margaret Ellison')).toEqual(holder('Mrs', '1'))
    expect(shown('Priya Shah')).toEqual(holder('', '2', 'wants half plot'))
    expect(shown('Arjun Shah')).toEqual(holder('', '2', 'wants half plot'))
    expect(shown('Tom Baker')).toEqual(holder('Mr', '3', 'no email - post only'))
    expect(shown('Zofia Nowak')).toEqual(holder('Ms', '4'))
    expect(named.get('Margaret Ellison')).toMatchObject({
      email: 'margaret@example.org',
      phoneNumber: '01632 960001',
      dateJoined: '2015-04-03',
    })
    const plot = async (id: string) => (await (await api.get(`/api/plots/${id}`)).json()) as Plot
    const tenants = async (id: string) => (await plot(id)).tenants
    expect(await tenants('1')).toEqual([named.get('Margaret Ellison')!.id])
    expect(await tenants('2')).toEqual(
      [named.get('Priya Shah')!.id, named.get('Arjun Shah')!.id].sort(),
    )
    expect(await tenants('3')).toEqual([named.get('Tom Baker')!.id])
    expect(await tenants('4')).toEqual([named.get('Zofia Nowak')!.id])
    expect((await plot('2')).paid).toBe(false)

    // The waiting list in the order they applied, each at their place.
    const list = (await (await api.get('/api/people?status=waitinglist')).json()) as Person[]
    expect(list.map((p) => [p.title, p.firstName, p.notes, p.joinedWaitingList])).toEqual([
      ['Miss', 'Joan', 'prefers a half plot', '2023-11-17'],
      ['', 'Chidi', '', '2024-02-03'],
      ['Dr', 'Samir', '', '2024-06-28'],
    ])
    for (const [index, person] of list.entries()) {
      const place = await api.get(`/api/people/${person.id}/waiting-list-place`)
      expect(await place.json()).toMatchObject({ position: index + 1, total: 3 })
    }
  })
})
