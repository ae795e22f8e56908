import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
} from '#tests/helpers/browser'
import { pathOf, useServerAndBrowser, useSmtpServer } from '#tests/helpers/e2e-fixtures'

async function fillEnquiry(page: Page, email: string) {
  await page.goto('/contact')
  await page.getByLabel('Name').fill('Pat Example')
  await page.getByLabel('E-mail Address').fill(email)
  await page.getByLabel('Your Enquiry').fill('May I visit on Saturday?')
}

describe('contact form', () => {
  const smtp = useSmtpServer()
  const suite = useServerAndBrowser(() => ({
    env: { SMTP_URL: smtp.url, CONTACT_TO: 'committee@example.org' },
  }))

  it('has a 15-row enquiry box and sends the enquiry to the SMTP server', async () => {
    const page = await anonymousPage(suite.browser, suite.server, { width: 375, height: 740 })
    await fillEnquiry(page, 'pat@example.org')
    expect(await page.getByLabel('Your Enquiry').getAttribute('rows')).toBe('15')
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe('Your enquiry has been submitted.')
    expect(smtp.received.at(-1)?.raw).toContain('May I visit on Saturday?')
    await page.getByRole('button', { name: 'Return to home page' }).click()
    await expect.poll(() => pathOf(page)).toBe('/')
  })

  it("blocks an invalid address with 'Please enter a valid email address!'", async () => {
    const before = smtp.received.length
    const page = await anonymousPage(suite.browser, suite.server)
    await fillEnquiry(page, 'pat-at-example')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Please enter a valid email address!')
    expect(smtp.received.length).toBe(before)
  })

  it('shows the failure message when the server cannot be reached, and the link returns to the form', async () => {
    const page = await anonymousPage(suite.browser, suite.server)
    await fillEnquiry(page, 'pat@example.org')
    await page.route('**/api/contact', (route) => route.abort())
    await page.getByRole('button', { name: 'Send' }).click()
    const alert = page.getByRole('alert')
    await expect
      .poll(() => alert.textContent())
      .toBe('Something went wrong. Click here to try again.')
    await alert.getByRole('link', { name: 'Click here to try again.' }).click()
    expect(await page.getByLabel('Your Enquiry').inputValue()).toBe('May I visit on Saturday?')
    expect(await page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true)
  })
})
