import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { addDays } from '#shared/domain/dates'
import { calendarMessages } from '#shared/messages/calendar'
import { comingMessages } from '#shared/messages/calendar-coming'
import { workHoursMessages as words } from '#shared/messages/work-hours'
import { workHoursWords } from '#shared/messages/work-hours-words'
import type { Register } from '#shared/schemas/work-hours'
import { apiAs, expectUsable, signedInPage } from '#tests/helpers/browser'
import {
  field,
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

// Issue 48, item 3's acceptance, on a phone: the organiser puts a work party on the calendar, two
// members say they will come (a tenant, and one on the waiting list), the organiser finds them
// first on the register and ticks who came with the signal gone, and the records reach the server
// when it returns; a member sees their plot's hours on My allotment; the next rent year charges
// the hours missing.

const WORK_PARTY = 'Autumn work party'

describe('work hours on a phone', () => {
  const suite = useServerAndBrowser()
  let admin: APIRequestContext
  beforeAll(async () => {
    admin = await apiAs(suite.server, 'fixtures', 4)
    const settings = await admin.put('/api/work-hours/settings', {
      data: { hoursOwed: 6, missingHourPence: 1000, beyondHourPence: 0, version: 0 },
    })
    expect(settings.status(), await settings.text()).toBe(200)
    for (const [id, firstName, plot] of [
      ['ann', 'Ann', 'WH1'],
      ['ben', 'Ben', 'WH2'],
    ] as const) {
      await makePerson(admin, id, { firstName, lastName: 'Grower' })
      await makePlot(admin, plot)
      await giveTenant(admin, plot, id)
    }
    // Cat holds no plot: she is on the waiting list, and comes to help.
    await makePerson(admin, 'cat', { firstName: 'Cat', lastName: 'Waiting', onWaitingList: true })
  })
  afterAll(async () => {
    await admin?.dispose()
  })

  /** The member's own page, their account linked to their record. */
  async function memberPage(personId: string) {
    const userName = `${personId}-member`
    const page = await signedInPage(suite.browser, suite.server, {
      userName,
      level: 1,
      viewport: PHONE,
    })
    await linkAccountTo(admin, userName, personId)
    return page
  }

  let organiser: Page
  let ann: Page
  let eventId = 0

  it('puts a work party on the calendar', async () => {
    organiser = await signedInPage(suite.browser, suite.server, {
      userName: 'organiser',
      level: 3,
      viewport: PHONE,
    })
    await organiser.goto('/members/calendar')
    await poll(() => headingOf(organiser)).toBe(calendarMessages.heading)
    const form = organiser.getByRole('form', { name: calendarMessages.addEvent })
    await form.getByLabel(calendarMessages.titleLabel, { exact: true }).fill(WORK_PARTY)
    // This evening to midnight: not over while the members say they will come, whenever the
    // test runs, and two hours long.
    await form.getByLabel(calendarMessages.startTimeLabel, { exact: true }).fill('22:00')
    await form.getByLabel(calendarMessages.endDateLabel, { exact: true }).fill(addDays(today(), 1))
    await form.getByLabel(calendarMessages.endTimeLabel, { exact: true }).fill('00:00')
    await form.getByLabel(calendarMessages.helpersLabel, { exact: true }).fill('10')
    await form.getByRole('button', { name: calendarMessages.addEvent }).click()
    await poll(() => statusTexts(organiser)).toContain(calendarMessages.eventAdded(WORK_PARTY))
  })

  it("takes two members' \"I'll come\", a tenant's and one on the waiting list", async () => {
    for (const [personId, count] of [
      ['ann', 1],
      ['cat', 2],
    ] as const) {
      const page = await memberPage(personId)
      await page.goto('/members/calendar')
      await page.getByRole('tab', { name: calendarMessages.listView }).click()
      const item = page.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: WORK_PARTY }),
      })
      await item.getByRole('button', { name: `${comingMessages.illCome} ${WORK_PARTY}` }).click()
      await poll(() => item.textContent()).toContain(comingMessages.comingCount(count, 10))
      await expectUsable(page)
      if (personId === 'ann') ann = page
      else await page.context().close()
    }
  })

  it('opens the register from the list, those who said they would come first', async () => {
    await organiser.reload()
    await organiser.getByRole('tab', { name: calendarMessages.listView }).click()
    await organiser
      .getByRole('link', { name: new RegExp(`${words.recordAttendance} ${WORK_PARTY}`) })
      .click()
    await poll(() => headingOf(organiser)).toBe(words.registerHeading(WORK_PARTY, today()))
    eventId = Number(new URL(organiser.url()).pathname.split('/').at(-1))
    // Marked as coming under their heading, before the site's other tenants.
    await poll(() => organiser.locator('form h2, form li label').allTextContents()).toEqual([
      words.comingHeading,
      words.cameLabel('Ann Grower'),
      words.cameLabel('Cat Waiting'),
      words.othersHeading,
      words.cameLabel('Ben Grower'),
    ])
    await expectUsable(organiser)
  })

  it('keeps who came on the phone with no signal, and sends it when the signal returns', async () => {
    const context = organiser.context()
    // The service worker has the register before the signal goes: reloaded with none, it opens.
    await poll(() => organiser.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(
      true,
    )
    await poll(() =>
      organiser.evaluate(
        async (id) =>
          Boolean(await (await caches.open('members-data')).match(`/api/work-hours/events/${id}`)),
        eventId,
      ),
    ).toBe(true)
    await context.setOffline(true)
    await organiser.reload()
    await poll(() => headingOf(organiser)).toBe(words.registerHeading(WORK_PARTY, today()))
    await organiser.getByLabel(words.cameLabel('Ann Grower')).check()
    await field(organiser, words.hoursLabel('Ann Grower')).fill('3')
    await organiser.getByLabel(words.cameLabel('Cat Waiting')).check()
    await organiser.getByLabel(words.cameLabel('Ben Grower')).check()
    // A work party of 22:00 to midnight gives two hours unless changed.
    expect(await field(organiser, words.hoursLabel('Ben Grower')).inputValue()).toBe('2')
    await organiser.getByRole('button', { name: words.saveAttendance }).click()
    // Kept on the phone, not yet saved: the status says only that.
    await poll(() => statusTexts(organiser)).toContain(
      [words.offline, words.waitingToSend(3)].join(''),
    )
    expect((await statusTexts(organiser)).join('')).not.toContain(words.attendanceSaved(3))
    await expectUsable(organiser)
    const kept = async () =>
      (
        (await (await admin.get(`/api/work-hours/events/${eventId}`)).json()) as Register
      ).people.map((person) => [person.personId, person.hours])
    expect(await kept()).toEqual([
      ['ann', null],
      ['cat', null],
      ['ben', null],
    ])

    await context.setOffline(false)
    await poll(kept, 'the records reach the server').toEqual([
      ['ann', 3],
      ['cat', 2],
      ['ben', 2],
    ])
    await poll(() => statusTexts(organiser).then((texts) => texts.join(''))).toContain(
      words.attendanceSaved(3),
    )
    expect((await statusTexts(organiser)).join('')).not.toContain(words.waitingToSend(3))
    // Still ticked, as the server now has them.
    expect(await field(organiser, words.hoursLabel('Ann Grower')).inputValue()).toBe('3')
  })

  it("shows a member their plot's hours on My allotment", async () => {
    await ann.goto('/members/me')
    const section = ann.getByRole('region', { name: words.myHeading })
    await poll(() => section.textContent()).toContain(words.myPlot('WH1', '3 hours', '6 hours'))
    expect(await section.textContent()).toContain(words.myOwn('3 hours'))
    await expectUsable(ann)
  })

  it('lists who is short of their hours for the committee', async () => {
    await organiser.goto('/members/calendar')
    await organiser.getByRole('link', { name: workHoursWords.workHoursLink }).click()
    await poll(() => headingOf(organiser)).toBe(words.heading)
    const short = organiser.getByRole('table')
    await poll(() => short.textContent()).toContain('Ann Grower')
    const rows = await short.getByRole('row').allTextContents()
    expect(rows.find((row) => row.includes('Ann Grower'))).toContain('3 hours')
    expect(rows.find((row) => row.includes('Ben Grower'))).toContain('2 hours')
    await expectUsable(organiser)
  })

  it('charges the hours missing when the next rent year starts', async () => {
    const start = addDays(today(), 1)
    await organiser.goto('/members/rent')
    await poll(() => headingOf(organiser)).toBe('Rent')
    await field(organiser, 'Rent year starts').fill(start)
    await organiser.getByRole('button', { name: 'Preview invoices' }).click()
    const begin = organiser.getByRole('button', { name: 'Start rent year' })
    await poll(() => begin.isVisible()).toBe(true)
    // Ann did three of her six hours, Ben two: £45.00 and £30.00, and £45.00 and £40.00.
    const preview = organiser.getByRole('table')
    await poll(() => preview.textContent()).toContain('£75.00')
    expect(await preview.textContent()).toContain('£85.00')
    await expectUsable(organiser)
    await begin.click()
    const confirm = organiser.getByRole('group', { name: /^Start the rent year / })
    await confirm.getByRole('button', { name: /^Send / }).click()
    await poll(() => statusTexts(organiser).then((texts) => texts.join(''))).toContain('2 invoices')

    const [year] = (await (await admin.get('/api/rent/years')).json()) as Array<{ id: number }>
    const invoices = (await (
      await admin.get(`/api/rent/years/${year!.id}/invoices`)
    ).json()) as Array<{ id: number; plotId: string }>
    const ann = invoices.find((invoice) => invoice.plotId === 'WH1')!
    await organiser.goto(`/members/rent/invoices/${ann.id}`)
    await poll(() => organiser.getByRole('table').first().textContent()).toContain(
      words.notDoneLine('3 hours', '£10.00'),
    )
    await expectUsable(organiser)
  })
})
