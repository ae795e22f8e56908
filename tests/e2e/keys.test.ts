import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { keyMessages as words } from '#shared/messages/keys'
import { depositMessages } from '#shared/messages/deposits'
import type { Deposit } from '#shared/schemas/deposits'
import { apiAs, expectUsable, signedInPage } from '#tests/helpers/browser'
import { depositKind, requested, tenantsWithPlots } from '#tests/helpers/deposit-tenants'
import { PHONE, poll, statusTexts, today, useServerAndBrowser } from '#tests/helpers/e2e-fixtures'

// Issue 48, item 4, as the secretary on a phone and at a desk: a gate key added to the site's
// keys, handed to a tenant with its £55 deposit, seen on the tenant's page and on their own My
// allotment, then returned with the deposit given back.

describe('a gate key handed over with its deposit and returned', () => {
  const suite = useServerAndBrowser()
  let admin: APIRequestContext
  beforeAll(async () => {
    admin = await apiAs(suite.server, 'fixtures', 4)
    await depositKind(requested(admin), 'Gate key', 5500)
    await tenantsWithPlots(requested(admin), [
      { id: 'kit', firstName: 'Kit', lastName: 'Grower', plot: 'KY1' },
      { id: 'kay', firstName: 'Kay', lastName: 'Grower', plot: 'KY2' },
    ])
  })
  afterAll(async () => {
    await admin?.dispose()
  })

  /** The member's own page, their account linked to their record. */
  async function memberPage(personId: string, viewport: { width: number; height: number }) {
    const userName = `${personId}-member`
    const page = await signedInPage(suite.browser, suite.server, { userName, level: 1, viewport })
    const accounts = (await (await admin.get('/api/accounts')).json()) as Array<{
      id: string
      userName: string
    }>
    const account = accounts.find((a) => a.userName === userName)!
    const linked = await admin.put(`/api/accounts/${account.id}/person`, { data: { personId } })
    expect(linked.status(), await linked.text()).toBe(200)
    return page
  }

  for (const [width, viewport, personId, name, plot, number] of [
    ['375 px', PHONE, 'kay', 'Kay Grower', 'KY2', 'G32'],
    ['1280 px', { width: 1280, height: 800 }, 'kit', 'Kit Grower', 'KY1', 'G31'],
  ] as const)
    it(`hands over a key with its deposit and takes it back at ${width}`, async () => {
      const page = await signedInPage(suite.browser, suite.server, {
        userName: 'secretary',
        level: 3,
        viewport,
      })
      await page.goto('/members/keys')
      const add = page.getByRole('form', { name: words.addKey })
      await add.getByLabel(words.numberLabel, { exact: true }).fill(number)
      await add.getByLabel(words.kindLabel, { exact: true }).selectOption({ label: 'Gate' })
      await add.getByRole('button', { name: words.addKey }).click()
      await poll(() => statusTexts(page)).toContain(words.added)
      const key = page.getByRole('listitem').filter({ hasText: `Gate key ${number}` })
      await poll(() => key.textContent()).toContain(words.notHeldText)
      await expectUsable(page)

      // Handed over with the deposit: the kind's amount and the tenant's one plot come with it.
      await key.getByRole('button', { name: words.handOverHeading(number) }).click()
      const handOver = page.getByRole('form', { name: words.handOverHeading(number) })
      await handOver.getByLabel(words.personLabel, { exact: true }).selectOption({ label: name })
      await handOver.getByLabel(words.withDeposit, { exact: true }).check()
      await handOver
        .getByLabel(depositMessages.kindLabel, { exact: true })
        .selectOption({ label: 'Gate key: £55.00' })
      await poll(() =>
        handOver.getByLabel(depositMessages.plotLabel, { exact: true }).inputValue(),
      ).toBe(plot)
      await poll(() =>
        handOver.getByLabel(depositMessages.amountLabel, { exact: true }).inputValue(),
      ).toBe('55.00')
      await expectUsable(page)
      await handOver.getByRole('button', { name: words.handOver, exact: true }).click()
      await poll(() => statusTexts(page)).toContain(words.handedOver)
      await poll(() => key.textContent()).toContain(words.heldBy(name, today()))
      await expectUsable(page)

      // On the tenant's page, with the deposit held.
      await page.goto(`/members/plotholders/${personId}`)
      const held = page.getByRole('region', { name: words.personHeading })
      await poll(() => held.textContent()).toContain(`Gate key ${number}, ${words.since(today())}`)
      const deposits = page.getByRole('region', { name: depositMessages.heading })
      await poll(() => deposits.textContent()).toContain(depositMessages.heldText('£55.00'))
      await expectUsable(page)

      // On their own My allotment.
      const member = await memberPage(personId, viewport)
      await member.goto('/members/me')
      const mine = member.getByRole('region', { name: words.myKeysHeading })
      await poll(() => mine.textContent()).toContain(`Gate key ${number}`)
      await expectUsable(member)

      // Returned, the deposit given back in full.
      await page.goto('/members/keys')
      await key.getByRole('button', { name: words.returnHeading(number) }).click()
      const back = page.getByRole('form', { name: words.returnHeading(number) })
      await poll(() => back.getByLabel(words.refundLabel, { exact: true }).inputValue()).toBe(
        '55.00',
      )
      await expectUsable(page)
      await back.getByRole('button', { name: words.returnKey, exact: true }).click()
      await poll(() => statusTexts(page)).toContain(words.returned)
      await poll(() => key.textContent()).toContain(words.notHeldText)
      const [deposit] = (await (
        await admin.get(`/api/people/${personId}/deposits`)
      ).json()) as Deposit[]
      expect(deposit!.held).toBe(0)
      await member.reload()
      await poll(() => member.getByText(words.myNoKeys).isVisible()).toBe(true)
    })
})
