import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { importMessages } from '#shared/messages/import'
import { settingsMessages } from '#shared/messages/settings'
import { siteMapMessages } from '#shared/messages/site-map'
import {
  administratorClaimed,
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  PASSWORD,
} from '#tests/helpers/browser'
import {
  changePasswordOnScreen,
  fillForm,
  headingOf,
  logIn,
  pathOf,
  PHONE,
  poll,
  statusTexts,
  alertTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'
import { sampleDrawing } from '#tests/helpers/sample-drawing'
import { samplePng } from '#tests/helpers/sample-image'
import { csvBytes, xlsxBytes } from '#tests/helpers/spreadsheets'

const NONE = { created: 0, updated: 0, unchanged: 0, skipped: 0 }

// Issue 14's whole afternoon: an association starts from an empty data folder, on a phone, with
// the administrator the first start printed, its own name, its own drawing and its spreadsheet.
describe('a new association sets up from an empty data folder', () => {
  const suite = useServerAndBrowser()

  const choose = (page: Page, label: string, name: string, buffer: Buffer, mimeType: string) =>
    page.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType, buffer })
  const stepLink = async (page: Page, name: string) => {
    await page.goto('/members/setup')
    await page.getByRole('link', { name }).click()
  }

  it('signs in as the printed administrator, names the association, imports its map and spreadsheet, and sees its plots and waiting list', async () => {
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await logIn(page, 'admin', suite.server.adminPassword)
    await poll(() => pathOf(page)).toBe('/members/account')
    await changePasswordOnScreen(page, suite.server.adminPassword, PASSWORD)
    administratorClaimed(suite.server, PASSWORD)
    await poll(() => pathOf(page)).toBe('/members/setup')

    // Its name, which the public pages show.
    await page.getByRole('link', { name: 'Open Settings' }).click()
    await poll(() => headingOf(page)).toBe('Settings')
    await fillForm(page, { 'Association name': 'Brook Lane Growers' })
    await page.getByRole('button', { name: settingsMessages.saveSettings }).click()
    await poll(() => statusTexts(page)).toContain(settingsMessages.settingsSaved)

    // Its drawing: six plots, named "plot-1" to "plot-6" by the drawing program.
    await stepLink(page, 'Open the site map drawing')
    await poll(() => headingOf(page)).toBe('Site map drawing')
    await choose(
      page,
      'SVG drawing',
      'brook-lane.svg',
      Buffer.from(sampleDrawing()),
      'image/svg+xml',
    )
    await page.getByRole('button', { name: 'Import drawing' }).click()
    // The drawing is read in a worker thread, which takes seconds to start on a busy machine.
    await expect
      .poll(() => statusTexts(page), { timeout: 60_000 })
      .toContain(siteMapMessages.drawingImported(6))

    // Its spreadsheet of people: plot holders and a waiting list kept with the dates they applied.
    await stepLink(page, 'Import a spreadsheet')
    await poll(() => headingOf(page)).toBe('Import from a spreadsheet')
    const spreadsheet = 'Spreadsheet (CSV or .xlsx)'
    await choose(page, spreadsheet, 'photo.png', samplePng, 'image/png')
    await poll(() => alertTexts(page)).toContain(importMessages.notASpreadsheet)
    const people = csvBytes([
      ['Nick', 'Forename', 'Surname', 'Email', 'Waiting list', 'Date added'],
      ['ann', 'Ann', 'Ash', 'ann@example.org', 'no', ''],
      ['bob', 'Bob', 'Birch', '', 'no', ''],
      ['cy', 'Cy', 'Cedar', '', 'no', ''],
      ['uma', 'Uma', 'Usk', 'uma@example.org', 'yes', '02/02/2020'],
      ['val', 'Val', 'Vale', '', 'yes', '20/01/2018'],
      ['wyn', 'Wyn', 'Wye', '', 'yes', '15/06/2019'],
    ])
    await choose(page, spreadsheet, 'members.csv', people, 'text/csv')
    await poll(() => statusTexts(page)).toContain(importMessages.importReady(6))
    const preview = page.locator('.import-page table')
    expect(await preview.locator('tbody tr').first().textContent()).toContain('ann@example.org')
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Import 6 people' }).click()
    await poll(() => statusTexts(page)).toContain(
      importMessages.importDone({ ...NONE, created: 6 }, 'people', 0),
    )

    // Then its plots, from the workbook's second sheet, with their tenants by nickname.
    await page.getByLabel('Plots, with their tenants').check()
    const plots = await xlsxBytes({
      Notes: [['Rents are due on 1 October']],
      Plots: [
        ['Plot', 'Size', 'Paid', 'Tenants'],
        ['1', 250, 'yes', 'ann'],
        ['2', 125, 'no', 'bob; cy'],
        ...['3', '4', '5', '6'].map((id) => [id, 125, '', '']),
      ],
    })
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    await choose(page, spreadsheet, 'plots.xlsx', plots, xlsx)
    await poll(() => page.getByLabel('Sheet', { exact: true }).isVisible()).toBe(true)
    await page.getByLabel('Sheet', { exact: true }).selectOption('Plots')
    await poll(() => statusTexts(page)).toContain(importMessages.importReady(6))
    await page.getByRole('button', { name: 'Import 6 plots' }).click()
    await poll(() => statusTexts(page)).toContain(
      importMessages.importDone({ ...NONE, created: 6 }, 'plots', 3),
    )

    // The map shows which plots are let, and the waiting list is in the order people applied.
    await page.goto('/members/plots')
    await page.getByRole('button', { name: 'Switch to map' }).click()
    const plotClass = (id: string) => page.locator(`[data-plot-id="${id}"]`).getAttribute('class')
    await poll(() => plotClass('1')).toContain('plot--occupied')
    expect(await plotClass('2')).toContain('plot--unpaid')
    expect(await plotClass('3')).toContain('plot--vacant')
    await page.goto('/members/waitinglist')
    const names = page.locator('.people-list__item')
    await poll(() => names.count()).toBe(3)
    expect(await names.allTextContents()).toEqual([
      expect.stringContaining('Vale, Val'),
      expect.stringContaining('Wye, Wyn'),
      expect.stringContaining('Usk, Uma'),
    ])
    await page.context().close()

    const visitor = await anonymousPage(suite.browser, suite.server, PHONE)
    await visitor.goto('/')
    await poll(() => visitor.getByRole('contentinfo').textContent()).toContain(
      'Brook Lane Growers is a registered charity',
    )
    await visitor.context().close()
  })
})
