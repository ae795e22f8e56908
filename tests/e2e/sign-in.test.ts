import { describe, expect, it } from 'vitest'
import { accountMessages } from '#shared/messages/accounts'
import {
  administratorClaimed,
  anonymousPage,
  apiAs,
  createAccount,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  PASSWORD,
  signedInPage,
} from '#tests/helpers/browser'
import {
  arrivedAt,
  changePasswordOnScreen,
  logIn,
  membersLinks,
  pathOf,
  poll,
  statusTexts,
  storedGuest,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'
import { plotInput } from '#tests/helpers/records'

describe('sign-in, registration and the members shell', () => {
  const suite = useServerAndBrowser()

  // First, so that the helpers find the administrator already claimed on the screens.
  it('sends the printed administrator to My account for a new password, then to the first-run steps', async () => {
    expect(suite.server.adminPassword).toMatch(/^\S{12,}$/)
    const page = await anonymousPage(suite.browser, suite.server)
    await logIn(page, 'admin', suite.server.adminPassword)
    await poll(() => pathOf(page)).toBe('/members/account')
    await poll(() => statusTexts(page)).toContain(accountMessages.mustChangePassword)
    expect(await membersLinks(page)).toEqual(['My account'])
    expect(await storedGuest(page)).toEqual({
      userName: 'admin',
      level: 4,
      email: 'admin@allotment.example',
      mustChangePassword: true,
      hasRecord: false,
      sites: null,
    })
    // Every other members address leads back here until the password is changed.
    await page.goto('/members/plotholders')
    await poll(() => pathOf(page)).toBe('/members/account')

    const changed = page.waitForResponse((r) => r.url().endsWith('/api/account/password'))
    await changePasswordOnScreen(page, suite.server.adminPassword, PASSWORD)
    expect((await changed).status()).toBe(204)
    administratorClaimed(suite.server, PASSWORD)
    // The database holds no plots and no people yet: the association is led through setting up.
    await poll(() => pathOf(page)).toBe('/members/setup')
    expect(await membersLinks(page)).toContain('Plot holders')
    expect(await storedGuest(page)).toEqual({
      userName: 'admin',
      level: 4,
      email: 'admin@allotment.example',
      mustChangePassword: false,
      hasRecord: false,
      sites: null,
    })
  })

  it("shows 'Login failed. Please try again.' for a wrong password, with no axe violations", async () => {
    const page = await anonymousPage(suite.browser, suite.server, { width: 375, height: 740 })
    await logIn(page, 'admin', 'not-the-password')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Login failed. Please try again.')
    expect(pathOf(page)).toBe('/login')
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })

  it.each([
    [1, '/members/map'],
    [2, '/members/land'],
    [3, '/members/plotholders'],
    // No plots and no people yet: an administrator is led to the first-run steps.
    [4, '/members/setup'],
  ])('lands a level-%i account on %s after login', async (level, landing) => {
    await createAccount(suite.server, `lander${level}`, level)
    const page = await anonymousPage(suite.browser, suite.server)
    await logIn(page, `lander${level}`, PASSWORD)
    await expect.poll(() => pathOf(page)).toBe(landing)
  })

  it('lands an administrator on /members/plotholders once the association has a plot', async () => {
    const committee = await apiAs(suite.server, 'first-plot-maker', 3)
    expect((await committee.post('/api/plots', { data: plotInput('P1') })).status()).toBe(201)
    const page = await anonymousPage(suite.browser, suite.server)
    await logIn(page, 'lander4', PASSWORD)
    await expect.poll(() => pathOf(page)).toBe('/members/plotholders')
  })

  it.each([
    [1, '/members/plots', '/members/map'],
    [1, '/members/land', '/members/map'],
    [2, '/members/plotholders', '/members/map'],
    [2, '/members/waitinglist', '/members/map'],
    [3, '/members/logs', '/'],
    [1, '/members/users', '/members/map'],
  ])('redirects level %i from %s to %s', async (level, from, to) => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: `visitor${level}`,
      level,
    })
    await page.goto(from)
    await arrivedAt(page, to)
  })

  it('sends a visitor without a session from /members to /', async () => {
    const page = await anonymousPage(suite.browser, suite.server)
    await page.goto('/members/plotholders')
    await arrivedAt(page, '/')
  })

  it('signs out from the top strip and forgets the stored user', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'leaving', level: 3 })
    await page.goto('/members')
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await arrivedAt(page, '/')
    expect(await page.evaluate(() => localStorage.getItem('guest'))).toBeNull()
    const me = await page.request.get('/api/me')
    expect(me.status()).toBe(401)
  })

  it('registers an account that waits for approval, then signs in once a committee member approves', async () => {
    const page = await anonymousPage(suite.browser, suite.server, { width: 375, height: 740 })
    await page.goto('/register')
    await page.getByRole('button', { name: 'Register' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please enter a user name')
    await page.getByLabel('User Name').fill('newgrower')
    await page.getByRole('button', { name: 'Register' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Please select a user level')
    await page.getByLabel('User Level').selectOption({ label: 'Plotholder' })
    await page.getByLabel('E-mail Address').fill('newgrower@example.org')
    await page.getByLabel('Password').fill(PASSWORD)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Register' }).click()
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('Thank you for registering')

    await logIn(page, 'newgrower', PASSWORD)
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('waiting for approval')

    const committee = await signedInPage(suite.browser, suite.server, {
      userName: 'approver',
      level: 3,
    })
    await committee.goto('/members/users')
    await committee.getByRole('button', { name: 'Approve newgrower' }).click()
    await expect
      .poll(() => committee.getByRole('row', { name: /newgrower/ }).textContent())
      .toContain('Active')
    await expectNoAxeViolations(committee)

    await logIn(page, 'newgrower', PASSWORD)
    await expect.poll(() => pathOf(page)).toBe('/members/map')
  })
})
