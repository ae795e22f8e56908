import { describe, expect, it } from 'vitest'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
} from '#tests/helpers/browser'
import { headingOf, PHONE, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'

describe('public site', () => {
  const suite = useServerAndBrowser()

  it('opens every page from the burger menu on a phone, without axe violations', async () => {
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto('/')
    await expect.poll(() => headingOf(page)).toBe('Welcome to our allotments')
    await expect
      .poll(() => page.getByRole('img', { name: /allotment site/ }).isVisible())
      .toBe(true)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    const pages: Array<[string, string]> = [
      ['About', 'About'],
      ['News', 'News'],
      ['Our sites', 'Our sites'],
      ['Contact', 'Contact'],
      ['Home', 'Welcome to our allotments'],
    ]
    for (const [link, heading] of pages) {
      const menu = page.getByRole('button', { name: 'Menu' })
      await menu.click()
      expect(await menu.getAttribute('aria-expanded')).toBe('true')
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click()
      await expect.poll(() => headingOf(page)).toBe(heading)
      await expectNoAxeViolations(page)
      await expectNoHorizontalScroll(page)
    }
  })

  it('shows the three sections of About, History under construction', async () => {
    const page = await anonymousPage(suite.browser, suite.server)
    await page.goto('/about')
    for (const name of ['The Association', 'The Site', 'History']) {
      await expect.poll(() => page.getByRole('heading', { level: 2, name }).isVisible()).toBe(true)
    }
    expect(await page.getByText('under construction').isVisible()).toBe(true)
  })

  it('shows the charity registration statement and a link to the register in the footer', async () => {
    const page = await anonymousPage(suite.browser, suite.server)
    await page.goto('/news')
    const footer = page.getByRole('contentinfo')
    await expect.poll(() => footer.textContent()).toContain('registered charity (number 1234567)')
    const register = footer.getByRole('link', { name: /register of charities/ })
    expect(await register.getAttribute('href')).toBe(
      'https://register-of-charities.charitycommission.gov.uk/',
    )
  })

  it('answers a deep link with the app, and an unknown API path with problem details', async () => {
    const page = await anonymousPage(suite.browser, suite.server)
    const response = await page.goto('/about')
    expect(response?.status()).toBe(200)
    const api = await page.request.get('/api/no-such-thing')
    expect(api.status()).toBe(404)
    expect(api.headers()['content-type']).toContain('application/problem+json')
  })
})
