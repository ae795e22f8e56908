import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { blankPerson, filterPeople } from '#shared/domain/people'
import type { Person } from '#shared/schemas/person'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  launchBrowser,
  signedInPage,
  startServer,
  type TestServer,
} from '#tests/helpers/browser'

const path = (page: Page) => new URL(page.url()).pathname
// Generous: the machine may be busy with other test runs; a passing check returns at once.
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 })
const phone = { width: 375, height: 740 }

// A council-sized list, served to the page directly: this measures the screen, not the server.
function councilOf(count: number): Person[] {
  const surnames = ['Jones', 'Williams', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Hughes', 'Lewis']
  return Array.from({ length: count }, (_, n) => ({
    ...blankPerson(`member${n}`, false, '2020-01-01'),
    firstName: `First${n}`,
    lastName: `${surnames[n % surnames.length]}${Math.floor(n / surnames.length)}`,
    phoneNumber: `0770 ${String(n).padStart(6, '0')}`,
    plots: [String((n % 200) + 1)],
  }))
}

describe('people lists: access, phones and size', () => {
  let server: TestServer
  let browser: Browser
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
    const api = await apiAs(server, 'fixtures', 3)
    const long =
      'a-very-long-address-without-any-spaces-at-all@an-unusually-long-domain.example.org'
    const response = await api.post('/api/people', {
      data: {
        ...{ id: 'bethan', firstName: 'Bethan', lastName: 'Rees', onWaitingList: false },
        ...{ dateJoined: '2019-04-01', joinedWaitingList: '2018-01-01' },
        ...{ address: '2 Mill Lane', phoneNumber: '', email: long, altEmail: '' },
      },
    })
    expect(response.status(), await response.text()).toBe(201)
    await api.dispose()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('sends a level-2 user from /members/plotholders and /members/waitinglist to the map', async () => {
    const page = await signedInPage(browser, server, { userName: 'landuser', level: 2 })
    await page.goto('/members/plotholders')
    await eventually(() => path(page)).toBe('/members/map')
    await page.goto('/members/waitinglist/bethan')
    await eventually(() => path(page)).toBe('/members/map')
  })

  it('works at 375 px: list, person and removal screens, no axe violations', async () => {
    const page = await signedInPage(browser, server, {
      userName: 'clerk',
      level: 3,
      viewport: phone,
    })
    await page.goto('/members/plotholders')
    await eventually(() => page.getByRole('link', { name: 'Rees, Bethan' }).isVisible()).toBe(true)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    await page.getByRole('link', { name: 'Rees, Bethan' }).click()
    const heading = page.getByRole('heading', { name: /Bethan Rees/ })
    await eventually(() => heading.isVisible()).toBe(true)
    // On a phone the person sits below the list; the heading takes the focus and scrolls in.
    await eventually(() => heading.evaluate((h) => h === document.activeElement)).toBe(true)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    await page.getByRole('button', { name: 'Edit' }).click()
    await eventually(() =>
      page.getByLabel('First name').evaluate((i) => i === document.activeElement),
    ).toBe(true)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await eventually(() =>
      page.getByRole('button', { name: 'Edit' }).evaluate((b) => b === document.activeElement),
    ).toBe(true)

    await page.getByRole('link', { name: 'Remove' }).click()
    await eventually(() =>
      page.getByRole('heading', { name: 'Remove bethan From Plot Holders' }).isVisible(),
    ).toBe(true)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })

  it('adds from the keyboard alone: Add focuses the new form', async () => {
    const page = await signedInPage(browser, server, { userName: 'clerk', level: 3 })
    await page.goto('/members/waitinglist')
    await page.getByRole('link', { name: 'Add' }).focus()
    await page.keyboard.press('Enter')
    const heading = page.getByRole('heading', { name: 'New waiting list member' })
    await eventually(() => heading.evaluate((h) => h === document.activeElement)).toBe(true)
    await page.keyboard.press('Tab')
    await page.keyboard.type('siôn')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Siôn')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Powell')
    await page.keyboard.press('Enter')
    await eventually(() => page.getByRole('link', { name: 'Powell, Siôn' }).isVisible()).toBe(true)
  })

  it('filters 10,000 people on every keystroke without stalling, showing 200 at a time', async () => {
    const council = councilOf(10_000)
    const page = await signedInPage(browser, server, { userName: 'clerk', level: 3 })
    await page.route('**/api/people?status=plotholders', (route) =>
      route.fulfill({ json: council }),
    )
    await page.goto('/members/plotholders')
    await eventually(() => page.getByText('10,000 plot holders').isVisible()).toBe(true)
    expect(await page.locator('.people-list__item').count()).toBe(200)
    await page.getByRole('button', { name: 'Show more' }).click()
    await eventually(() => page.locator('.people-list__item').count()).toBe(400)

    const started = Date.now()
    await page.getByLabel('Filter').pressSequentially('jones12', { delay: 0 })
    const expected = filterPeople(council, 'jones12').length
    await eventually(() => page.getByText(`${expected} of 10,000 plot holders`).isVisible()).toBe(
      true,
    )
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(await page.locator('.people-list__item').count()).toBe(expected)

    // Falls through to the phone number when no name or nickname matches.
    await page.getByLabel('Filter').fill('0770 009999')
    await eventually(() => page.locator('.people-list__name').allTextContents()).toEqual([
      'Lewis1249, First9999',
    ])
  })
})
