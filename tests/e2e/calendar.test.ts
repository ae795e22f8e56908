import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { eventWhen } from '#shared/domain/calendar'
import { calendarMessages as words } from '#shared/messages/calendar'
import { comingMessages as coming } from '#shared/messages/calendar-coming'
import { apiAs, expectUsable, signedInPage } from '#tests/helpers/browser'
import type { Calendar } from '#shared/schemas/calendar'
import {
  giveTenant,
  headingOf,
  linkAccountTo,
  makePerson,
  makePlot,
  PHONE,
  poll,
  statusTexts,
  today,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 48, items 1 and 2, on a phone: the organiser puts a work party on the calendar, finds it
// in the month and in the list, and copies the private address their phone's calendar subscribes
// to, which then serves the work party.

const WORK_PARTY = 'Spring work party'

/** With SHOTS_DIR set, the screen as it is, to look at. */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true })
}

describe('the calendar on a phone', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext
  beforeAll(async () => {
    api = await apiAs(suite.server, 'organiser', 3)
  })
  afterAll(async () => {
    await api?.dispose()
  })

  it('adds a work party, shows it in the month and the list, and copies the calendar address', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'organiser',
      level: 3,
      viewport: PHONE,
    })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/members/calendar')
    await poll(() => headingOf(page)).toBe(words.heading)
    await expectUsable(page)

    // The form starts on today, from ten to noon, for members.
    const form = page.getByRole('form', { name: words.addEvent })
    const day = today()
    await poll(() => form.getByLabel(words.startDateLabel, { exact: true }).inputValue()).toBe(day)
    await form.getByLabel(words.titleLabel, { exact: true }).fill(WORK_PARTY)
    // In the evening: a member may still say they will come, whatever the hour the test runs at
    // (the morning's would be over by the afternoon).
    await form.getByLabel(words.startTimeLabel, { exact: true }).fill('22:00')
    await form.getByLabel(words.endTimeLabel, { exact: true }).fill('23:45')
    await form.getByLabel(words.placeLabel, { exact: true }).fill('The top gate')
    await form.getByLabel(words.helpersLabel, { exact: true }).fill('8')
    await form.getByRole('button', { name: words.addEvent }).click()
    await poll(() => statusTexts(page)).toContain(words.eventAdded(WORK_PARTY))
    await expectUsable(page)

    // In the month: today's square counts it, and names it to a screen reader.
    const month = page.getByRole('table')
    await poll(() => month.getByRole('cell', { name: new RegExp(WORK_PARTY) }).count()).toBe(1)
    await shot(page, 'month-375')

    // In the list, with all it says.
    await page.getByRole('tab', { name: words.listView }).click()
    const item = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: WORK_PARTY }),
    })
    const when = eventWhen({ startDate: day, startTime: '22:00', endDate: day, endTime: '23:45' })
    await poll(() => item.textContent()).toContain(when)
    expect(await item.textContent()).toContain(words.helpersWanted(8))
    expect(await item.textContent()).toContain('The top gate')
    await expectUsable(page)
    await shot(page, 'list-375')

    // The private address: made, shown once, copied.
    const subscribe = page.getByRole('region', { name: words.subscribeHeading })
    await subscribe.getByRole('button', { name: words.makeAddress }).click()
    const field = subscribe.getByLabel(words.addressLabel, { exact: true })
    await poll(() => field.inputValue()).toMatch(/\/api\/calendar\/feeds\/[\w-]{43}\.ics$/)
    const address = await field.inputValue()
    await subscribe.getByRole('button', { name: words.copyAddress }).click()
    await poll(() => statusTexts(page)).toContain(words.copied)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    await expect(
      subscribe.getByRole('button', { name: words.resetAddress }).isVisible(),
    ).resolves.toBe(true)
    await expectUsable(page)
    await shot(page, 'subscribe-375')

    // What a phone's calendar app then fetches.
    const feed = await api.get(new URL(address).pathname)
    expect(feed.status()).toBe(200)
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
    expect(await feed.text()).toContain(`SUMMARY:${WORK_PARTY}`)
  })

  it('shows a member the work party, with no form to change it, and takes their "I\'ll come"', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'member',
      level: 1,
      viewport: PHONE,
    })
    await makePerson(api, 'mabel', { firstName: 'Mabel', lastName: 'Digby' })
    await makePlot(api, '7')
    await giveTenant(api, '7', 'mabel')
    await linkAccountTo(api, 'member', 'mabel')
    await page.goto('/members/calendar')
    await poll(() => headingOf(page)).toBe(words.heading)
    await page.getByRole('tab', { name: words.listView }).click()
    await poll(() => page.getByRole('heading', { name: WORK_PARTY }).isVisible()).toBe(true)
    expect(await page.getByRole('form', { name: words.addEvent }).count()).toBe(0)
    expect(
      await page.getByRole('button', { name: new RegExp(`^Edit ${WORK_PARTY}`) }).count(),
    ).toBe(0)
    await expectUsable(page)
    await shot(page, 'member-375')

    // "I'll come": counted against the helpers wanted; the organiser sees who.
    const item = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: WORK_PARTY }),
    })
    await poll(() => item.textContent()).toContain(coming.comingCount(0, 8))
    await item.getByRole('button', { name: `${coming.illCome} ${WORK_PARTY}` }).click()
    await poll(() => item.textContent()).toContain(coming.comingCount(1, 8))
    expect(await item.textContent()).toContain(coming.youAreComing)
    await expect(
      item.getByRole('button', { name: `${coming.notComing} ${WORK_PARTY}` }).isVisible(),
    ).resolves.toBe(true)
    await expectUsable(page)
    await shot(page, 'coming-375')
    const day = today()
    const calendar = (await (
      await api.get(`/api/calendar?from=${day}&to=${day}`)
    ).json()) as Calendar
    expect(calendar.events.find((e) => e.title === WORK_PARTY)!.coming.names).toEqual([
      'Mabel Digby',
    ])
  })
})
