import { beforeAll, describe, expect, it } from 'vitest'
import { blankPerson, filterPeople } from '#shared/domain/people'
import type { Person } from '#shared/schemas/person'
import { openDatabase } from '#server/core/db/database'
import { writeTransaction } from '#server/core/db/write-transaction'
import { insertPerson } from '#server/features/people/sql'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import { makePerson, pathOf, PHONE, poll, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'

// A council-sized list, written straight into the server's database (9,999 here, with the
// fixture's Bethan 10,000 plot holders): through the API it would take longer than the test.
function councilOf(count: number): Person[] {
  const surnames = ['Jones', 'Williams', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Hughes', 'Lewis']
  return Array.from({ length: count }, (_, n) => ({
    ...blankPerson(`member${n}`, false, '2020-01-01'),
    firstName: `First${n}`,
    lastName: `${surnames[n % surnames.length]}${Math.floor(n / surnames.length)}`,
    phoneNumber: `0770 ${String(n).padStart(6, '0')}`,
  }))
}

async function storeCouncil(dataDir: string, council: Person[]) {
  const db = openDatabase({ dataDir })
  try {
    await writeTransaction(db, async (tx) => {
      for (const person of council) await insertPerson(tx, person)
    })
  } finally {
    await db.destroy()
  }
}

describe('people lists: access, phones and size', () => {
  const suite = useServerAndBrowser()
  beforeAll(async () => {
    const api = await apiAs(suite.server, 'fixtures', 3)
    const long =
      'a-very-long-address-without-any-spaces-at-all@an-unusually-long-domain.example.org'
    await makePerson(api, 'bethan', {
      ...{ firstName: 'Bethan', lastName: 'Rees', onWaitingList: false },
      ...{ dateJoined: '2019-04-01', joinedWaitingList: '2018-01-01' },
      ...{ address: '2 Mill Lane', phoneNumber: '', email: long, altEmail: '' },
    })
    await api.dispose()
  })

  it('sends a level-2 user from /members/plotholders and /members/waitinglist to the map', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'landuser', level: 2 })
    await page.goto('/members/plotholders')
    await poll(() => pathOf(page)).toBe('/members/map')
    await page.goto('/members/waitinglist/bethan')
    await poll(() => pathOf(page)).toBe('/members/map')
  })

  it('works at 375 px: list, person and removal screens, no axe violations', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'clerk',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/plotholders')
    await poll(() => page.getByRole('link', { name: 'Rees, Bethan' }).isVisible()).toBe(true)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    await page.getByRole('link', { name: 'Rees, Bethan' }).click()
    const heading = page.getByRole('heading', { name: /Bethan Rees/ })
    await poll(() => heading.isVisible()).toBe(true)
    // On a phone the person sits below the list; the heading takes the focus and scrolls in.
    await poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    await page.getByRole('button', { name: 'Edit' }).click()
    await poll(() =>
      page.getByLabel('First name').evaluate((i) => i === document.activeElement),
    ).toBe(true)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await poll(() =>
      page.getByRole('button', { name: 'Edit' }).evaluate((b) => b === document.activeElement),
    ).toBe(true)

    await page.getByRole('link', { name: 'Remove' }).click()
    await poll(() =>
      page.getByRole('heading', { name: 'Remove bethan From Plot Holders' }).isVisible(),
    ).toBe(true)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })

  it('adds from the keyboard alone: Add focuses the new form', async () => {
    const page = await signedInPage(suite.browser, suite.server, { userName: 'clerk', level: 3 })
    await page.goto('/members/waitinglist')
    await page.getByRole('link', { name: 'Add' }).focus()
    await page.keyboard.press('Enter')
    const heading = page.getByRole('heading', { name: 'New waiting list member' })
    await poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true)
    // The title (left empty), then the name; the nickname proposed from it is typed over by hand.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Siôn')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Powell')
    await page.keyboard.press('Tab')
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('siôn')
    await page.keyboard.press('Enter')
    await poll(() => page.getByRole('link', { name: 'Powell, Siôn' }).isVisible()).toBe(true)
  })

  it('filters 10,000 people on every keystroke without stalling, showing 200 at a time', async () => {
    const council = councilOf(9_999)
    await storeCouncil(suite.server.dataDir, council)
    const page = await signedInPage(suite.browser, suite.server, { userName: 'clerk', level: 3 })
    await page.goto('/members/plotholders')
    await poll(() => page.getByText('10,000 plot holders').isVisible()).toBe(true)
    expect(await page.locator('.people-list__item').count()).toBe(200)
    await page.getByRole('button', { name: 'Show more' }).click()
    await poll(() => page.locator('.people-list__item').count()).toBe(400)

    // A name opens the person within the app (no page load), and saving them keeps the pages
    // already shown.
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }))
    await page.getByRole('link', { name: 'Davies5, First42' }).click()
    await poll(() => pathOf(page)).toBe('/members/plotholders/member42')
    expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true)
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByLabel('Address', { exact: true }).fill('1 Station Road')
    await page.getByRole('button', { name: 'Submit' }).click()
    await poll(() => pathOf(page)).toBe('/members/plotholders')
    await poll(() => page.getByText('10,000 plot holders').isVisible()).toBe(true)
    expect(await page.locator('.people-list__item').count()).toBe(400)

    const started = Date.now()
    await page.getByLabel('Filter').pressSequentially('jones12', { delay: 0 })
    const expected = filterPeople(council, 'jones12').length
    await poll(() => page.getByText(`${expected} of 10,000 plot holders`).isVisible()).toBe(true)
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(await page.locator('.people-list__item').count()).toBe(expected)

    // Falls through to the phone number when no name or nickname matches.
    await page.getByLabel('Filter').fill('0770 001234')
    await poll(() => page.locator('.people-list__name').allTextContents()).toEqual([
      'Davies154, First1234',
    ])
  })
})
