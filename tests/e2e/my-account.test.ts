import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { accountMessages } from '#shared/messages/accounts'
import { contactMessages } from '#shared/messages/contact'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  PASSWORD,
  signedInPage,
} from '#tests/helpers/browser'
import {
  arrivedAt,
  alertTexts,
  changePasswordOnScreen,
  headingOf,
  logIn,
  membersLinks,
  pathOf,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

const TOO_MANY = /^Too many attempts\. Try again in \d+ seconds?\.$/

/** The one-time password in the accounts screen's notice, read the way the administrator reads it. */
async function oneTimePasswordShown(page: Page, userName: string): Promise<string> {
  const [before, after] = accountMessages.oneTimePassword(userName, '\u0000').split('\u0000') as [
    string,
    string,
  ]
  await poll(() => statusTexts(page).then((texts) => texts.some((t) => t.startsWith(before)))).toBe(
    true,
  )
  const shown = (await statusTexts(page)).find((t) => t.startsWith(before) && t.endsWith(after))!
  return shown.slice(before.length, shown.length - after.length)
}

const signedIn = async (page: Page) => (await page.request.get('/api/me')).status() === 200

describe('My account', () => {
  const suite = useServerAndBrowser()

  // Issue 42: the new address is asked for with the password, and is the account's only once the
  // link sent there is followed; until then the account shows the old one.
  it('asks for a new own e-mail address with the password, and says where the link went', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'chiefclerk',
      level: 4,
      viewport: PHONE,
    })
    await page.goto('/members/account')
    await poll(() => headingOf(page)).toBe('My account')
    await page.getByLabel('New e-mail address').fill('Secretary@Brook-Lane.example')
    await page.getByLabel('Your password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Send me a link' }).click()
    await poll(() => statusTexts(page)).toContain(
      myAllotmentMessages.emailLinkSent('secretary@brook-lane.example'),
    )
    await poll(() => page.getByRole('main').innerText()).toMatch(
      /E-mail Address\s+chiefclerk@example\.org/,
    )
    await page.context().close()
  })

  it('changes the own password: the old one stops working and the new one signs in', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'changer', level: 2 })
    await page.goto('/members/map')
    await page
      .getByRole('navigation', { name: 'Members' })
      .getByRole('link', { name: 'My account' })
      .click()
    await poll(() => pathOf(page)).toBe('/members/account')
    await poll(() => headingOf(page)).toBe('My account')
    const main = await page.getByRole('main').innerText()
    expect(main).toMatch(/User name\s+changer/)
    expect(main).toMatch(/Level\s+Land access/)

    // The browser's own checks, before anything is sent.
    await changePasswordOnScreen(page, PASSWORD, 'new-secret-1', 'new-secret-2')
    await poll(() => alertTexts(page)).toEqual([accountMessages.passwordsDiffer])
    await changePasswordOnScreen(page, PASSWORD, 'short')
    await poll(() => alertTexts(page)).toEqual([accountMessages.passwordTooShort])
    // The server's refusal, in its words.
    await changePasswordOnScreen(page, 'not-my-password', 'a-new-allotment-secret')
    await poll(() => alertTexts(page)).toEqual([accountMessages.currentPasswordWrong])

    await changePasswordOnScreen(page, PASSWORD, 'a-new-allotment-secret')
    await poll(() => statusTexts(page)).toContain(accountMessages.passwordChanged)
    expect(await alertTexts(page)).toEqual([])
    expect(await page.getByLabel('Current password').inputValue()).toBe('')
    // This session stays signed in.
    expect(await signedIn(page)).toBe(true)

    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await arrivedAt(page, '/')
    await logIn(page, 'changer', PASSWORD)
    await poll(() => alertTexts(page)).toEqual([accountMessages.loginFailed])
    await logIn(page, 'changer', 'a-new-allotment-secret')
    await poll(() => pathOf(page)).toBe('/members/land')
  })

  it('signs out the other sessions of the same account, and only those', async () => {
    const here = await signedInPage(suite.browser, suite.server, { userName: 'roamer', level: 1 })
    const there = await signedInPage(suite.browser, suite.server, { userName: 'roamer', level: 1 })
    const someoneElse = await signedInPage(suite.browser, suite.server, {
      userName: 'bystander',
      level: 1,
    })
    expect(await signedIn(there)).toBe(true)

    await here.goto('/members/account')
    await here.getByRole('button', { name: 'Sign out my other sessions' }).click()
    await poll(() => statusTexts(here)).toContain(accountMessages.otherSessionsEnded(1))
    expect(await signedIn(there)).toBe(false)
    expect(await signedIn(here)).toBe(true)
    expect(await signedIn(someoneElse)).toBe(true)
    // The ended browser finds itself signed out when it next opens the members area.
    await there.goto('/members/map')
    await arrivedAt(there, '/')
  })

  it("lets the administrator reset another account's password; that user must choose a new one at sign-in", async () => {
    const chief = await signedInPage(suite.browser, suite.server, {
      userName: 'chief',
      level: 4,
      viewport: PHONE,
    })
    const earlier = await signedInPage(suite.browser, suite.server, {
      userName: 'forgetful',
      level: 2,
    })
    await chief.goto('/members/users')
    const rowOf = (userName: string) =>
      chief
        .getByRole('row')
        .filter({ has: chief.getByRole('rowheader', { name: userName, exact: true }) })
    await poll(() =>
      rowOf('forgetful').getByRole('button', { name: 'Reset password' }).count(),
    ).toBe(1)
    expect(await rowOf('chief').getByRole('button', { name: 'Reset password' }).count()).toBe(0)

    // Asked first: dismissed, nothing happens; accepted, the password is reset.
    const asked: string[] = []
    chief.once('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await rowOf('forgetful').getByRole('button', { name: 'Reset password' }).click()
    await poll(() => asked).toEqual([accountMessages.confirmReset('forgetful')])
    expect(await signedIn(earlier)).toBe(true)
    chief.once('dialog', (dialog) => void dialog.accept())
    await rowOf('forgetful').getByRole('button', { name: 'Reset password' }).click()
    const oneTime = await oneTimePasswordShown(chief, 'forgetful')
    expect(oneTime.length).toBeGreaterThanOrEqual(8)
    await expectNoAxeViolations(chief)
    // The account's sessions end with the reset.
    expect(await signedIn(earlier)).toBe(false)

    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await logIn(page, 'forgetful', oneTime)
    await poll(() => pathOf(page)).toBe('/members/account')
    await poll(() => statusTexts(page)).toContain(accountMessages.mustChangePassword)
    expect(await membersLinks(page)).toEqual(['My account'])
    expect(await page.getByRole('button', { name: 'Sign out my other sessions' }).count()).toBe(0)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    // The server holds the other screens back too, not only the client.
    const plots = await page.request.get('/api/plots')
    expect(plots.status()).toBe(403)
    expect(((await plots.json()) as { detail: string }).detail).toBe(
      accountMessages.mustChangePassword,
    )
    await page.goto('/members/plots')
    await poll(() => pathOf(page)).toBe('/members/account')

    // By keyboard alone: the fields in order, then Enter.
    await poll(() => page.getByLabel('Current password').isVisible()).toBe(true)
    await page.getByLabel('Current password').focus()
    await page.keyboard.type(oneTime)
    await page.keyboard.press('Tab')
    await page.keyboard.type('my-own-secret-again')
    await page.keyboard.press('Tab')
    await page.keyboard.type('my-own-secret-again')
    await page.keyboard.press('Enter')
    await poll(() => pathOf(page)).toBe('/members/land')
    await poll(() => membersLinks(page)).toContain('Plots')
    expect(await signedIn(page)).toBe(true)
    const again = await anonymousPage(suite.browser, suite.server)
    await logIn(again, 'forgetful', oneTime)
    await poll(() => alertTexts(again)).toEqual([accountMessages.loginFailed])
  })

  it('has no axe violations and no sideways scrolling at 375 px, with messages showing', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'a-rather-long.user-name_for-phones',
      level: 1,
      viewport: PHONE,
    })
    await page.goto('/members/account')
    await poll(() => headingOf(page)).toBe('My account')
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Change password' }).click()
    await poll(() => alertTexts(page)).toEqual([accountMessages.currentPasswordRequired])
    await page.getByRole('button', { name: 'Sign out my other sessions' }).click()
    await poll(() => statusTexts(page)).toContain(accountMessages.otherSessionsEnded(0))
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })
})

describe('rate limits on the screens', () => {
  const suite = useServerAndBrowser({ env: { SIGN_IN_LIMIT: '3', CONTACT_LIMIT: '1' } })

  it('shows how long to wait on the login page once the sign-in limit is reached', async () => {
    const page = await anonymousPage(suite.browser, suite.server)
    const answers: string[] = []
    for (let attempt = 1; attempt <= 8 && !answers.at(-1)?.startsWith('429'); attempt++) {
      const answered = page.waitForResponse((r) => r.url().includes('/api/auth/sign-in/'))
      await logIn(page, 'nobody-here', 'not-a-password')
      const status = (await answered).status()
      await poll(() => alertTexts(page).then((texts) => texts.length)).toBe(1)
      answers.push(`${status} ${(await alertTexts(page))[0]}`)
    }
    expect(answers[0]).toBe(`401 ${accountMessages.loginFailed}`)
    expect(answers.length, answers.join('\n')).toBe(4)
    expect(answers[3]!.slice(4)).toMatch(TOO_MANY)
  })

  it('shows how long to wait on the contact page once the enquiry limit is reached, keeping the form', async () => {
    const page = await anonymousPage(suite.browser, suite.server)
    const send = async () => {
      await page.goto('/contact')
      await page.getByLabel('Name').fill('Pat Example')
      await page.getByLabel('E-mail Address').fill('pat@example.org')
      await page.getByLabel('Your Enquiry').fill('May I visit on Saturday?')
      await page.getByRole('button', { name: 'Send' }).click()
    }
    await send()
    await poll(() => statusTexts(page)).toContain(contactMessages.contactSent)
    await send()
    await poll(() => alertTexts(page).then((texts) => texts.length)).toBe(1)
    expect((await alertTexts(page))[0]).toMatch(TOO_MANY)
    expect(await page.getByRole('link', { name: 'Click here to try again.' }).count()).toBe(0)
    expect(await page.getByLabel('Your Enquiry').inputValue()).toBe('May I visit on Saturday?')
  })
})
