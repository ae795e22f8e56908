import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiAs, expectNoAxeViolations, registerAccount, signedInPage } from '#tests/helpers/browser'
import { arrivedAt, headingOf, pathOf, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'

const sortButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true })
const bodyRows = (page: Page) => page.locator('.log-table tbody tr')
// The table is aria-busy while it still shows the rows of the previous request.
const settled = (page: Page) =>
  page.locator('.log-table:not([aria-busy="true"]) tbody tr').first().waitFor()

// What the table shows in one column, top to bottom (time stamps by their ISO attribute).
async function column(page: Page, index: number): Promise<string[]> {
  if (index === 0) {
    return page
      .locator('.log-table tbody tr td:first-child time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
  }
  return page.locator(`.log-table tbody tr td:nth-child(${index + 1})`).allTextContents()
}

// Per row, top to bottom: does it carry the error warning link?
const errorFlags = (page: Page) =>
  bodyRows(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelector('a[aria-label^="Error details for entry"]') !== null),
  )

const sorted = (values: string[], order: 'asc' | 'desc') => {
  const copy = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return order === 'asc' ? copy : copy.reverse()
}

async function expectSorted(page: Page, index: number, order: 'asc' | 'desc') {
  const values = await column(page, index)
  expect(values.length).toBeGreaterThan(0)
  expect(values).toEqual(sorted(values, order))
  return values
}

async function sortBy(page: Page, name: string, expected: 'ascending' | 'descending') {
  await sortButton(page, name).click()
  await expect.poll(() => header(page, name).getAttribute('aria-sort')).toBe(expected)
  await settled(page)
}

describe('activity log screens', () => {
  const suite = useServerAndBrowser()
  let page: Page
  beforeAll(async () => {
    // Accounts and refused uploads make the log: several users, methods, and recorded errors,
    // and more entries than one page holds. The accounts are registered and approved through the
    // API, which the log records (the helpers' quicker accounts leave no entries).
    for (const [userName, level] of Object.entries({ logclerk: 3, auditor: 2, logadmin: 4 }))
      await registerAccount(suite.server, userName, level)
    const clerk = await apiAs(suite.server, 'logclerk', 3)
    for (let i = 0; i < 52; i++) {
      const refused = await clerk.post('/api/land-documents', {
        multipart: {
          date: '2024-01-01',
          description: 'Not a PDF',
          name: `Attempt ${i}`,
          file: { name: 'a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text') },
        },
      })
      expect(refused.status()).toBe(415)
    }
    page = await signedInPage(suite.browser, suite.server, { userName: 'logadmin', level: 4 })
  })

  it('shows the newest entries first with the log count and pages', async () => {
    await page.goto('/members/logs')
    await expect.poll(() => page.getByText(/^Log Count:/).textContent()).toMatch(/^Log Count: \d+$/)
    const count = Number((await page.getByText(/^Log Count:/).textContent())!.replace(/\D/g, ''))
    expect(count).toBeGreaterThan(50)
    expect(await header(page, 'Time Stamp').getAttribute('aria-sort')).toBe('descending')
    expect(await bodyRows(page).count()).toBe(50)
    await expectSorted(page, 0, 'desc')
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Next page' }).click()
    await expect.poll(() => page.getByText(/^Page 2 of/).isVisible()).toBe(true)
    await settled(page)
    expect(new URL(page.url()).searchParams.get('page')).toBe('2')
    expect(await bodyRows(page).count()).toBe(count - 50)
    await page.goBack()
    await expect.poll(() => page.getByText(/^Page 1 of/).isVisible()).toBe(true)
  })

  it('sorts by each column, ascending first and toggling on a second click', async () => {
    await page.goto('/members/logs')
    for (const [index, name] of [
      [1, 'Method Name'],
      [2, 'User Name'],
    ] as const) {
      await sortBy(page, name, 'ascending')
      const ascending = await expectSorted(page, index, 'asc')
      await sortBy(page, name, 'descending')
      const descending = await expectSorted(page, index, 'desc')
      // The two directions really differ: the smallest value first, then the largest.
      expect(ascending[0]! < descending[0]!).toBe(true)
    }
    expect(new URL(page.url()).search).toBe('?sort=userName&order=desc&page=1')
    // The sort lives in the address: a reload keeps it.
    await page.reload()
    await expect.poll(() => header(page, 'User Name').getAttribute('aria-sort')).toBe('descending')

    // Errors are stored as JSON text, 'null' when none: ascending puts entries without one first.
    await sortBy(page, 'Error', 'ascending')
    const ascending = await errorFlags(page)
    expect(ascending[0]).toBe(false)
    expect(ascending).toEqual([...ascending].sort())
    await sortBy(page, 'Error', 'descending')
    await expect.poll(() => errorFlags(page)).toEqual(Array.from({ length: 50 }, () => true))

    await sortBy(page, 'Time Stamp', 'descending')
    await sortBy(page, 'Time Stamp', 'ascending')
    await expectSorted(page, 0, 'asc')
    await expectNoAxeViolations(page)
  })

  it('opens the logged value and the logged error of an entry', async () => {
    await page.goto('/members/logs?sort=error&order=desc')
    const errorLink = page.getByRole('link', { name: /^Error details for entry \d+$/ }).first()
    const label = (await errorLink.getAttribute('aria-label'))!
    const id = label.replace(/\D/g, '')

    await page.locator('.log-table tbody tr').first().getByRole('link').first().click()
    await expect.poll(() => pathOf(page)).toBe(`/members/logs/${id}`)
    await expect.poll(() => headingOf(page)).toBe(`Logged value of entry ${id}`)
    const value = page.getByRole('table', { name: 'Logged value' })
    expect(await value.getByRole('rowheader', { name: 'description' }).count()).toBe(1)
    expect(await value.getByRole('cell', { name: 'Not a PDF' }).count()).toBe(1)
    await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'Back to the log' }).click()
    await expect.poll(() => new URL(page.url()).search).toBe('?sort=error&order=desc')
    await page.getByRole('link', { name: label }).click()
    await expect.poll(() => pathOf(page)).toBe(`/members/logs/${id}/error`)
    const error = page.getByRole('table', { name: 'Logged error' })
    await error.waitFor()
    expect(await error.getByRole('cell', { name: '415', exact: true }).count()).toBe(1)
    expect(await error.getByRole('cell', { name: 'Only PDF files can be uploaded.' }).count()).toBe(
      1,
    )
    await expectNoAxeViolations(page)

    await page.goto('/members/logs/999999')
    await expect.poll(() => headingOf(page)).toBe('Error!')
  })

  it('sends a committee member (level 3) away to the root', async () => {
    const committee = await signedInPage(suite.browser, suite.server, {
      userName: 'logcommittee',
      level: 3,
    })
    await committee.goto('/members/logs')
    await arrivedAt(committee, '/')
    await committee.context().close()
  })
})
