import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { depositMessages as words } from '#shared/messages/deposits'
import { apiAs, expectUsable, signedInPage } from '#tests/helpers/browser'
import { depositKind, requested, tenantsWithPlots } from '#tests/helpers/deposit-tenants'
import { PHONE, poll, statusTexts, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'

// Issue 47, item 2, as the treasurer at 1280 px and on a phone: a £55 key deposit taken from a
// tenant on their page, held on the rent page's list of deposits held, and given back on their
// page when they leave, part returned with a reason and the rest kept.

describe('a key deposit taken and returned', () => {
  const suite = useServerAndBrowser()
  let admin: APIRequestContext
  beforeAll(async () => {
    admin = await apiAs(suite.server, 'fixtures', 4)
    await depositKind(requested(admin), 'Key', 5500)
    await tenantsWithPlots(requested(admin), [
      { id: 'fred', firstName: 'Fred', lastName: 'Holt', plot: '21' },
      { id: 'gina', firstName: 'Gina', lastName: 'Holt', plot: '22' },
    ])
  })
  afterAll(async () => {
    await admin?.dispose()
  })

  for (const [width, viewport, personId, firstName, plot] of [
    ['1280 px', { width: 1280, height: 800 }, 'fred', 'Fred', '21'],
    ['375 px', PHONE, 'gina', 'Gina', '22'],
  ] as const)
    it(`takes a key deposit and gives it back at ${width}`, async () => {
      const page = await signedInPage(suite.browser, suite.server, {
        userName: 'treasurer',
        level: 3,
        viewport,
      })
      await page.goto(`/members/plotholders/${personId}`)
      const section = page.getByRole('region', { name: words.heading })
      await poll(() => section.getByText(words.noDeposits).isVisible()).toBe(true)
      const take = section.getByRole('form', { name: words.takeDeposit })
      await expectUsable(page)

      // The kind's amount comes with it; the one plot is chosen already.
      await take.getByLabel(words.kindLabel, { exact: true }).selectOption({ label: 'Key: £55.00' })
      await poll(() => take.getByLabel(words.amountLabel, { exact: true }).inputValue()).toBe(
        '55.00',
      )
      await take.getByLabel(words.methodLabel, { exact: true }).selectOption({ label: 'Cash' })
      await take.getByRole('button', { name: words.takeDeposit }).click()
      await poll(() => statusTexts(page)).toContain(words.taken)
      const deposit = section
        .getByRole('listitem')
        .filter({ hasText: `Key deposit for plot ${plot}` })
      await poll(() => deposit.first().textContent()).toContain(words.heldText('£55.00'))
      await expectUsable(page)

      // Held, on the treasurer's list, owed back.
      await page.goto('/members/rent')
      const held = page.getByRole('region', { name: words.heldHeading })
      await poll(() =>
        held
          .getByRole('link', { name: `${firstName} Holt: Key deposit for plot ${plot}, £55.00` })
          .isVisible(),
      ).toBe(true)
      await expectUsable(page)

      // The tenant leaves; the deposit is still on their page: more than held is refused, then
      // £40 is returned with a reason and the rest kept.
      const left = await admin.delete(`/api/plots/${plot}/tenants/${personId}`)
      expect(left.status(), await left.text()).toBe(200)
      await held.getByRole('link', { name: new RegExp(`^${firstName} Holt`) }).click()
      const settle = page.getByRole('form', { name: new RegExp(words.settleLegend) })
      const amount = settle.getByLabel(words.settleAmountLabel, { exact: true })
      await poll(() => amount.inputValue()).toBe('55.00')
      await amount.fill('60.00')
      await settle.getByLabel(words.reasonLabel, { exact: true }).fill('Key handed back')
      await settle.getByRole('button', { name: words.returnDeposit }).click()
      await poll(() => settle.getByRole('alert').textContent()).toBe(
        words.overHeld('£60.00', '£55.00'),
      )
      await amount.fill('40.00')
      await settle.getByLabel(words.reasonLabel, { exact: true }).fill('Key handed back bent')
      await settle.getByRole('button', { name: words.returnDeposit }).click()
      await poll(() => statusTexts(page)).toContain(words.returnedNotice)
      await poll(() => deposit.first().textContent()).toContain(words.heldText('£15.00'))
      await expectUsable(page)
      await poll(() => amount.inputValue()).toBe('15.00')
      await settle.getByLabel(words.reasonLabel, { exact: true }).fill('New key cut')
      await settle.getByRole('button', { name: words.keepDeposit }).click()
      await poll(() => statusTexts(page)).toContain(words.keptNotice)
      await poll(() => deposit.first().textContent()).toContain(words.heldText('£0.00'))
      await expect(settle.count()).resolves.toBe(0)
      await expect(deposit.first().textContent()).resolves.toContain('£15.00 kept on')
      await expectUsable(page)
    })
})
