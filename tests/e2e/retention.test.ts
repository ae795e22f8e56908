import { beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { privacyMessages } from '#shared/messages/privacy'
import {
  anonymousPage,
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  settled,
  signedInPage,
  smallTapTargets,
} from '#tests/helpers/browser'
import { field, makePerson, PHONE, poll, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'

// Issue 30, item 3, on a phone: the administrator sets the periods (and so starts the daily run),
// the committee sees who falls due and holds one back with a reason, and the public privacy page
// states the periods. The server's calendar runs 13 months ahead (TODAY), so that a former member
// whose record last changed today is due under a one-year period.
const AHEAD = new Date(Date.now() + 396 * 86_400_000).toISOString().slice(0, 10)

describe('retention: the privacy settings, the Due for erasure list and the privacy page', () => {
  const suite = useServerAndBrowser({ env: { TODAY: AHEAD } })
  let committee: APIRequestContext

  beforeAll(async () => {
    committee = await apiAs(suite.server, 'privacy-committee', 3)
    // A plot holder with no plot left, and one still on the waiting list.
    await makePerson(committee, 'fennel', { firstName: 'Fennel', lastName: 'Departed' })
    await makePerson(committee, 'sorrel', { lastName: 'Waiting', onWaitingList: true })
  })

  it('saves the periods, which start the daily run', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'privacy-admin',
      level: 4,
      viewport: PHONE,
    })
    await page.goto('/members/privacy/settings')
    await page.getByText(privacyMessages.notStarted).first().waitFor()
    await field(page, privacyMessages.leaverYears).fill('1')
    await page.getByRole('button', { name: privacyMessages.saveSettings }).click()
    await page.getByText(privacyMessages.settingsSaved).waitFor()
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    expect(await smallTapTargets(page)).toEqual([])
  })

  it('lists the former member due, and holds them back with a reason', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'privacy-committee',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/privacy')
    const row = page.getByRole('row', { name: /Fennel Departed/ })
    await row.getByText(privacyMessages.willBeErased).waitFor()
    expect(await page.getByRole('row', { name: /Waiting/ }).count()).toBe(0)
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    expect(await smallTapTargets(page)).toEqual([])

    await row.getByRole('button', { name: privacyMessages.holdButton('Fennel Departed') }).click()
    const hold = page.getByRole('form', { name: privacyMessages.holdButton('Fennel Departed') })
    await hold.getByRole('button', { name: privacyMessages.holdButton('Fennel Departed') }).click()
    await hold.getByText(privacyMessages.holdReasonRequired).waitFor()
    await field(page, privacyMessages.holdReason).fill('Deposit still in dispute')
    await hold.getByRole('button', { name: privacyMessages.holdButton('Fennel Departed') }).click()
    await page.getByText(privacyMessages.held('Fennel Departed')).waitFor()
    await poll(() => row.textContent()).toContain('Deposit still in dispute')
    await row
      .getByRole('button', { name: privacyMessages.releaseButton('Fennel Departed') })
      .waitFor()
  })

  it('states the periods on the public privacy page, linked from every page’s foot', async () => {
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto('/')
    await page.locator('.public__footer').getByRole('link', { name: 'Privacy' }).click()
    await page.getByRole('heading', { name: privacyMessages.privacyPageTitle, level: 1 }).waitFor()
    await page.getByText(privacyMessages.periodLeavers(1)).waitFor()
    await page.getByText(privacyMessages.periodSignIns(90)).waitFor()
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })
})
