import { beforeAll, describe, expect, it } from 'vitest'
import { request, type APIRequestContext, type Page } from 'playwright-core'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import { headingOf, pathOf, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'
import { samplePdf } from '#tests/helpers/pdf-upload'

async function uploadThroughApi(
  api: APIRequestContext,
  date: string,
  description: string,
  name: string,
) {
  const response = await api.post('/api/land-documents', {
    multipart: {
      date,
      description,
      name,
      file: { name: 'document.pdf', mimeType: 'application/pdf', buffer: samplePdf(name) },
    },
  })
  expect(response.status(), await response.text()).toBe(201)
}

const group = (page: Page, description: string) =>
  page.getByRole('button', { name: new RegExp(description) })
const documentLink = (page: Page, name: string) =>
  page.getByRole('link', { name: new RegExp(`^${name} \\(PDF\\)`) })
// The document names of a group, in the order shown.
const namesIn = async (page: Page, description: string) => {
  const list = page.locator('.timeline__group', { has: group(page, description) })
  return (await list.locator('.land-document a').allTextContents()).map((text) =>
    text.replace(/ \(PDF\).*$/, ''),
  )
}

describe('timeline of land communications', () => {
  const suite = useServerAndBrowser()
  beforeAll(async () => {
    const committee = await apiAs(suite.server, 'landclerk', 3)
    await uploadThroughApi(committee, '2023-05-01', 'Lease renewal', 'Letter from the council')
    await uploadThroughApi(committee, '2023-05-01', 'Lease renewal', 'Our reply')
    await uploadThroughApi(committee, '2019-06-03', 'Lease from the council', 'Lease agreement')
    await committee.dispose()
  })

  it('lets level 2 expand a group and open a PDF in a new tab', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'landviewer',
      level: 2,
    })
    await page.goto('/members/land')
    await expect.poll(() => headingOf(page)).toBe('Timeline of Land Communications')
    // Oldest first, every group closed to begin with.
    const toggles = page.locator('.timeline__toggle')
    await expect.poll(() => toggles.count()).toBe(2)
    expect(await toggles.nth(0).textContent()).toContain('Lease from the council')
    const lease = group(page, 'Lease renewal')
    expect(await lease.getAttribute('aria-expanded')).toBe('false')
    expect(await documentLink(page, 'Our reply').isVisible()).toBe(false)

    await lease.click()
    expect(await lease.getAttribute('aria-expanded')).toBe('true')
    const link = documentLink(page, 'Our reply')
    await link.waitFor()
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener')
    expect(await namesIn(page, 'Lease renewal')).toEqual(['Letter from the council', 'Our reply'])
    // Level 2 reads only: no upload form, no editing buttons.
    expect(await page.getByRole('button', { name: 'Upload' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Rename/ }).count()).toBe(0)
    await expectNoAxeViolations(page)

    const context = page.context()
    const [tab, response] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('response', (r) => r.url().endsWith('/file')),
      link.click(),
    ])
    expect(tab.url()).toMatch(/\/api\/land-documents\/\d+\/file$/)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/pdf')
    expect(response.headers()['content-disposition']).toMatch(
      /^inline; filename="land-document-\d+\.pdf"$/,
    )
    await context.close()
  })

  it('refuses the PDF to a visitor without a session', async () => {
    const anonymous = await request.newContext({ baseURL: suite.server.url })
    const response = await anonymous.get('/api/land-documents/1/file')
    expect(response.status()).toBe(401)
    await anonymous.dispose()
  })

  it('sends a plotholder (level 1) back to the map', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'landholder',
      level: 1,
    })
    await page.goto('/members/land')
    await expect.poll(() => pathOf(page)).toBe('/members/map')
    await page.context().close()
  })

  it('lets the committee upload a PDF and see it on the timeline', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'landcommittee',
      level: 3,
      viewport: { width: 375, height: 800 },
    })
    await page.goto('/members/land')
    await page.getByLabel('Date').fill('2024-11-05')
    await page.getByLabel('Description').fill('Boundary hedge')
    await page.getByLabel('Document name').fill('Survey of the boundary')

    // A file that is not a PDF is refused before it is sent.
    await page.getByLabel('PDF file').setInputFiles({
      name: 'survey.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('GIF89a not a pdf'),
    })
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Only PDF files can be uploaded.')

    await page.getByLabel('PDF file').setInputFiles({
      name: 'survey.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf('Survey of the boundary'),
    })
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Uploaded' }).textContent())
      .toContain('Uploaded "Survey of the boundary"')
    // The new group sits in date order and is opened to show the new document.
    const hedge = group(page, 'Boundary hedge')
    await expect.poll(() => hedge.getAttribute('aria-expanded')).toBe('true')
    await documentLink(page, 'Survey of the boundary').waitFor()
    const order = await page.locator('.timeline__description').allTextContents()
    expect(order).toEqual(['Lease from the council', 'Lease renewal', 'Boundary hedge'])
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.context().close()
  })

  it('lets the committee rename, reorder and delete documents', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'landcommittee',
      level: 3,
    })
    await page.goto('/members/land')
    await group(page, 'Lease renewal').click()

    await page.getByRole('button', { name: 'Move up Our reply' }).click()
    await expect
      .poll(() => namesIn(page, 'Lease renewal'))
      .toEqual(['Our reply', 'Letter from the council'])

    await page.getByRole('button', { name: 'Rename Our reply' }).click()
    await page.getByLabel('New name for Our reply').fill('Our signed reply')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Save' }).click()
    await documentLink(page, 'Our signed reply').waitFor()

    await page.getByRole('button', { name: 'Move down Our signed reply' }).click()
    await expect
      .poll(() => namesIn(page, 'Lease renewal'))
      .toEqual(['Letter from the council', 'Our signed reply'])

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Delete Letter from the council' }).click()
    await expect.poll(() => namesIn(page, 'Lease renewal')).toEqual(['Our signed reply'])
    await page.context().close()
  })
})
