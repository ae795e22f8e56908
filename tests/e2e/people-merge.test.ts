import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Locator, Page } from 'playwright-core'
import { mergeMessages as words } from '#shared/messages/merge'
import { commonMessages } from '#shared/messages/common'
import { apiAs, expectUsable, signedInPage } from '#tests/helpers/browser'
import {
  field,
  giveTenant,
  headingOf,
  LAPTOP,
  makePerson,
  makePlot,
  pathOf,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 46, item 3: a council's applicant recorded twice. From the waiting list the secretary
// opens Possible duplicates, compares the two records (one above the other on a phone, side by
// side on a laptop), chooses what the record keeps and merges them; the record merged away says
// where it went.

describe('possible duplicates and merging two records', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 3)
    await makePlot(api, '70')
    await makePerson(api, 'rbrown', {
      firstName: 'Rosa',
      lastName: 'Brown',
      email: 'rosa@example.org',
      address: '2 Pond Lane, Marlbury MB3 2PL',
    })
    await giveTenant(api, '70', 'rbrown')
    await makePerson(api, 'rbrown2', {
      title: 'Mrs',
      firstName: 'Rosa',
      lastName: 'Brown',
      email: 'Rosa@Example.org',
      phoneNumber: '07700 900555',
      address: '2 Pond Lane\nMarlbury\nMB32PL',
      onWaitingList: true,
      notes: 'Asked about a raised bed.',
    })
    for (const id of ['tgrey', 'tgrey2'])
      await makePerson(api, id, {
        firstName: 'Tom',
        lastName: 'Grey',
        email: id === 'tgrey' ? 'tom.grey@example.org' : '',
        address: `${id === 'tgrey' ? '5' : 'Flat 1, 5'} Hill Road, Farley FA2 5HR`,
        onWaitingList: true,
      })
  })
  afterAll(async () => {
    await api?.dispose()
  })

  const secretary = (viewport: { width: number; height: number }) =>
    signedInPage(suite.browser, suite.server, { userName: 'secretary', level: 3, viewport })
  const records = (page: Page) =>
    page.getByRole('region', { name: words.recordsLabel }).getByRole('article')
  const box = async (card: Locator) => (await card.boundingBox())!

  it('finds Rosa twice from the waiting list and merges her records on a phone', async () => {
    const page = await secretary(PHONE)
    await page.goto('/members/waitinglist')
    await page.getByRole('link', { name: words.duplicatesHeading }).click()
    await poll(() => headingOf(page)).toBe(words.duplicatesHeading)
    const rosa = page.getByRole('listitem', {
      name: words.groupLabel('Rosa Brown, Mrs Rosa Brown'),
    })
    await poll(() => rosa.isVisible()).toBe(true)
    await expect(rosa.textContent()).resolves.toContain(
      `${words.reasons.email} · ${words.reasons.namePostcode}`,
    )
    const tom = page.getByRole('listitem', { name: words.groupLabel('Tom Grey, Tom Grey') })
    await expect(tom.textContent()).resolves.toContain(words.reasons.namePostcode)
    await expectUsable(page)

    await rosa.getByRole('link', { name: words.compareWith('rbrown', 'rbrown2') }).click()
    await poll(() => headingOf(page)).toBe(words.mergeHeading)
    await poll(() => records(page).count()).toBe(2)
    // One above the other.
    const [first, second] = [await box(records(page).nth(0)), await box(records(page).nth(1))]
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height)
    await expectUsable(page)

    // Her phone and title from the second record; both e-mail addresses are one.
    await page
      .getByRole('group', { name: words.fieldLabels.phoneNumber })
      .getByLabel(`07700 900555 (${words.fromRecord('rbrown2')})`)
      .check()
    expect(await page.getByRole('group', { name: words.fieldLabels.email }).count()).toBe(0)
    await page.getByRole('button', { name: words.mergeButton('rbrown') }).click()

    await poll(() => pathOf(page)).toBe('/members/plotholders/rbrown')
    await poll(() => statusTexts(page)).toContain(words.merged('rbrown2', 'rbrown'))
    await poll(() => field(page, 'Phone number').inputValue()).toBe('07700 900555')
    expect(await field(page, 'Notes').inputValue()).toBe('Asked about a raised bed.')
    await expectUsable(page)

    // The record merged away says where it went.
    await page.goto('/members/waitinglist/rbrown2')
    await poll(() => headingOf(page).catch(() => '')).toBe('Waiting List')
    const gone = (await (await api.get('/api/people/rbrown2')).json()) as { detail: string }
    expect(gone.detail).toMatch(/^rbrown2 was merged into rbrown on \d+ \w+ \d{4}\.$/)
    const missing = page.getByText(gone.detail)
    await poll(() => missing.isVisible()).toBe(true)
    await expect(
      page.getByRole('heading', { name: commonMessages.error }).isVisible(),
    ).resolves.toBe(true)
    // Rosa is found once now.
    await page.goto('/members/duplicates')
    await poll(() => tom.isVisible()).toBe(true)
    expect(await rosa.count()).toBe(0)
  })

  it('shows the records side by side on a laptop, and keeps the record chosen', async () => {
    const page = await secretary(LAPTOP)
    await page.goto('/members/duplicates/tgrey/tgrey2')
    await poll(() => records(page).count()).toBe(2)
    const [left, right] = [await box(records(page).nth(0)), await box(records(page).nth(1))]
    expect(right.y).toBe(left.y)
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width)
    await expectUsable(page)

    // The second record stays: the page turns round, and merges into it. The choice is the
    // address's: the radio shows it checked once the page has turned round, not at the click.
    const stays = page
      .getByRole('group', { name: words.whichStays })
      .getByLabel('Tom Grey (tgrey2)')
    await stays.click()
    await poll(() => pathOf(page)).toBe('/members/duplicates/tgrey2/tgrey')
    await poll(() => stays.isChecked()).toBe(true)
    const address = page.getByRole('group', { name: words.fieldLabels.address })
    await poll(() => address.isVisible()).toBe(true)
    await address.getByLabel(`5 Hill Road, Farley FA2 5HR (${words.fromRecord('tgrey')})`).check()
    await page.getByRole('button', { name: words.mergeButton('tgrey2') }).click()
    await poll(() => pathOf(page)).toBe('/members/waitinglist/tgrey2')
    await poll(() => field(page, 'Address').inputValue()).toBe('5 Hill Road, Farley FA2 5HR')
    expect(await field(page, 'E-mail Address').inputValue()).toBe('tom.grey@example.org')
    await expectUsable(page)
  })
})
