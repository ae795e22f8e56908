import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { longDate } from '#shared/domain/dates'
import { earliestRaise } from '#shared/domain/rate-raise'
import { addDays } from '#shared/domain/rent'
import { messageWritingMessages } from '#shared/messages/message-writing'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentMessages } from '#shared/messages/rent'
import { rentNoticeMessages as words } from '#shared/messages/rent-notices'
import { apiAs, expectNoHorizontalScroll, expectUsable, signedInPage } from '#tests/helpers/browser'
import {
  alertTexts,
  field,
  giveTenant,
  LAPTOP,
  makePerson,
  makePlot,
  PHONE,
  poll,
  statusTexts,
  today,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 47, item 6 (decision 62), at 1280 px and on a phone: with a rent year under way, the
// administrator raises the water charge; the screen offers the earliest day the notice allows, and the server refuses an earlier
// one. Saved, the rise waits with Ruth's rent before and after, its letter opens ready in Messages,
// and the notice is on her page.

describe('raising the rent with notice', () => {
  const suite = useServerAndBrowser()
  let admin: APIRequestContext
  beforeAll(async () => {
    admin = await apiAs(suite.server, 'fixtures', 4)
    const settings = await (await admin.get('/api/rent/settings')).json()
    // Before anyone holds a plot: taken at once.
    const saved = await admin.put('/api/rent/settings', {
      data: { ...settings, extras: [{ name: 'Water', amount: 500 }] },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    await makePerson(admin, 'ruth', { firstName: 'Ruth', lastName: 'Hale', email: '' })
    await makePlot(admin, '5', { fee: 40 })
    await giveTenant(admin, '5', 'ruth')
    // A rent year under way: from now on a raise of the rates needs notice.
    const startDate = `${today().slice(0, 4)}-01-01`
    const preview = await admin.post('/api/rent/years/preview', { data: { startDate } })
    expect(preview.status(), await preview.text()).toBe(200)
    const { sending } = await preview.json()
    const started = await admin.post('/api/rent/years', { data: { startDate, confirmed: sending } })
    expect(started.status(), await started.text()).toBe(201)
  })
  afterAll(async () => {
    await admin?.dispose()
  })

  // Tap targets of 44 px are a phone's rule (the laptop's menu links are narrower).

  it('raises the water charge from the earliest day, and writes Ruth the notice', async () => {
    const earliest = earliestRaise(today(), 12)
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'treasurer',
      level: 4,
      viewport: LAPTOP,
    })
    await page.goto('/members/rent/settings')
    const raises = page.getByRole('region', { name: invoiceMessages.rateNoticesHeading })
    await poll(() => raises.getByText(words.raisesNone).isVisible()).toBe(true)
    expect(await field(page, words.raiseNoticeMonths).inputValue()).toBe('12')
    await expect(field(page, words.takesEffect).count()).resolves.toBe(0)

    // Raised: asked from when, the earliest offered.
    await field(page, 'Amount (£)').fill('8.00')
    const takesEffect = field(page, words.takesEffect)
    await poll(() => takesEffect.inputValue()).toBe(earliest)
    await expect(page.getByText(words.earliestRaise(earliest)).isVisible()).resolves.toBe(true)
    await expectUsable(page)

    // A day too soon: refused by the server, nothing saved.
    await takesEffect.fill(addDays(earliest, -1))
    await page.getByRole('button', { name: rentMessages.saveRentSettings }).click()
    await poll(() => alertTexts(page)).toContain(words.raiseTooSoon(earliest))
    await expect(raises.getByText(words.raisesNone).isVisible()).resolves.toBe(true)

    await takesEffect.fill(earliest)
    await page.getByRole('button', { name: rentMessages.saveRentSettings }).click()
    await poll(() => statusTexts(page)).toContain(rentMessages.rentSettingsSaved)
    await poll(() => raises.textContent()).toContain(
      `Ruth Hale: ${invoiceMessages.rateNotice('5', '£45.00', '£48.00', longDate(earliest))}`,
    )
    await expectUsable(page)

    await raises.getByRole('link', { name: words.writeRaiseLetter(earliest) }).click()
    await poll(() => field(page, 'Subject').inputValue()).toBe(
      messageWritingMessages.rentRiseLetter.subject,
    )
    await expectNoHorizontalScroll(page)
    await page.screenshot({ path: '/tmp/shots-b/raise-letter-1280.png', fullPage: true })
  })

  it('shows the notice on Ruth’s page on a phone', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'treasurer',
      level: 4,
      viewport: PHONE,
    })
    await page.goto('/members/plotholders/ruth')
    const notices = page.getByRole('region', { name: invoiceMessages.rateNoticesHeading })
    const earliest = earliestRaise(today(), 12)
    await poll(() => notices.textContent()).toContain(
      invoiceMessages.rateNotice('5', '£45.00', '£48.00', longDate(earliest)),
    )
    await expectUsable(page)
    await page.screenshot({ path: '/tmp/shots-b/person-notice-375.png', fullPage: true })

    await page.goto('/members/rent/settings')
    const raises = page.getByRole('region', { name: invoiceMessages.rateNoticesHeading })
    await poll(() =>
      raises.getByRole('link', { name: words.writeRaiseLetter(earliest) }).isVisible(),
    ).toBe(true)
    await expectUsable(page)
    await page.screenshot({ path: '/tmp/shots-b/settings-375.png', fullPage: true })
  })
})
