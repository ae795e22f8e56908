import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountMessages } from '#shared/messages/accounts'
import {
  anonymousPage,
  createAccount,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  settled,
} from '#tests/helpers/browser'
import {
  alertTexts,
  headingOf,
  logIn,
  pathOf,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'
import { mailsTo, startSmtpServer } from '#tests/helpers/smtp'

// Issue 29, part 5: a member who has forgotten their password asks for a link on a phone, follows
// it from the e-mail, chooses a new password and signs in with it.

describe('a forgotten password', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(() => smtp.close())
  const suite = useServerAndBrowser(() => ({ env: { SMTP_URL: smtp.url } }))

  it('sends a link from the login page, which sets a new password once', async () => {
    await createAccount(suite.server, 'forgetful-fern', 2)
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto('/login')
    await page.getByRole('link', { name: accountMessages.forgottenLink }).click()
    await poll(() => headingOf(page)).toBe('Forgotten password')
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Send me a link' }).click()
    await poll(() => alertTexts(page)).toContain(accountMessages.enterUserNameOrEmail)
    await page.getByLabel('User name or e-mail address').fill('Forgetful-Fern@example.org')
    await page.getByRole('button', { name: 'Send me a link' }).click()
    await poll(() => statusTexts(page)).toContain(accountMessages.resetLinkSent)

    const [mail] = await mailsTo(smtp, 'forgetful-fern@example.org', accountMessages.resetSubject)
    const link = /(http\S*\/reset-password\?token=[\w-]+)/.exec(mail!.text)![1]!
    await page.goto(link)
    await poll(() => headingOf(page)).toBe('Choose a new password')
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.getByLabel('New password', { exact: true }).fill('a-new-allotment-phrase')
    await page.getByLabel('Repeat new password').fill('a-new-allotment-phrase')
    await page.getByRole('button', { name: 'Save my new password' }).click()
    await poll(() => statusTexts(page)).toContain(accountMessages.resetDone)
    await page.getByRole('link', { name: 'Sign in as forgetful-fern' }).click()
    await poll(() => pathOf(page)).toBe('/login')
    await logIn(page, 'forgetful-fern', 'a-new-allotment-phrase')
    await poll(() => pathOf(page)).toBe('/members/land')

    // The same link a second time says so, and changes nothing.
    const again = await anonymousPage(suite.browser, suite.server, PHONE)
    await again.goto(link)
    await again.getByLabel('New password', { exact: true }).fill('another-allotment-phrase')
    await again.getByLabel('Repeat new password').fill('another-allotment-phrase')
    await again.getByRole('button', { name: 'Save my new password' }).click()
    await poll(() => alertTexts(again)).toContain(accountMessages.resetLinkUnknown)
    expect(await again.getByRole('link', { name: accountMessages.forgottenLink }).isVisible()).toBe(
      true,
    )
  })
})
