import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { addDays } from '#shared/domain/dates'
import { calendarMessages } from '#shared/messages/calendar'
import { workHoursMessages as words } from '#shared/messages/work-hours'
import { workHoursWords } from '#shared/messages/work-hours-words'
import type { Register } from '#shared/schemas/work-hours'
import { apiAs, expectUsable, signedInPage } from '#tests/helpers/browser'
import {
  field,
  giveTenant,
  headingOf,
  makePerson,
  makePlot,
  PHONE,
  poll,
  statusTexts,
  today,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 48, item 3's acceptance, on a phone: the organiser puts a work party on the calendar,
// ticks who came with the signal gone, and the records reach the server when it returns; a
// member sees their plot's hours on My allotment; the next rent year charges the hours missing.

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
    const accounts = (await (await admin.get('/api/accounts')).json()) as Array<{
      id: string
      userName: string
    }>
    const account = accounts.find((a) => a.userName === userName)!
    const linked = await admin.put(`/api/accounts/${account.id}/person`, { data: { personId } })
    expect(linked.status(), await linked.text()).toBe(200)
    return page
  }

  let organiser: Page
  let eventId = 0

  it('puts a work party on the calendar, and opens its register from the list', async () => {
    organiser = await signedInPage(suite.browser, suite.server, {
      userName: 'organiser',
      level: 3,
      viewport: PHONE,
    })
    await organiser.goto('/members/calendar')
    await poll(() => headingOf(organiser)).toBe(calendarMessages.heading)
    const form = organiser.getByRole('form', { name: calendarMessages.addEvent })
    await form.getByLabel(calendarMessages.titleLabel, { exact: true }).fill(WORK_PARTY)
    await form.getByLabel(calendarMessages.helpersLabel, { exact: true }).fill('10')
    await form.getByRole('button', { name: calendarMessages.addEvent }).click()
    await poll(() => statusTexts(organiser)).toContain(calendarMessages.eventAdded(WORK_PARTY))
    await organiser.getByRole('tab', { name: calendarMessages.listView }).click()
    await organiser
      .getByRole('link', { name: new RegExp(`${words.recordAttendance} ${WORK_PARTY}`) })
      .click()
    await poll(() => headingOf(organiser)).toBe(words.registerHeading(WORK_PARTY, today()))
    eventId = Number(new URL(organiser.url()).pathname.split('/').at(-1))
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
    await organiser.getByLabel(words.cameLabel('Ben Grower')).check()
    // A work party of 10:00 to 12:00 gives two hours unless changed.
    expect(await field(organiser, words.hoursLabel('Ben Grower')).inputValue()).toBe('2')
    await organiser.getByRole('button', { name: words.saveAttendance }).click()
    await poll(() => statusTexts(organiser)).toContain(
      [words.offline, words.waitingToSend(2), words.attendanceSaved(2)].join(''),
    )
    await expectUsable(organiser)
    const kept = async () =>
      (
        (await (await admin.get(`/api/work-hours/events/${eventId}`)).json()) as Register
      ).people.map((person) => [person.personId, person.hours])
    expect(await kept()).toEqual([
      ['ann', null],
      ['ben', null],
    ])

    await context.setOffline(false)
    await poll(kept, 'the records reach the server').toEqual([
      ['ann', 3],
      ['ben', 2],
    ])
    await poll(() => statusTexts(organiser).then((texts) => texts.join(''))).not.toContain(
      words.waitingToSend(2),
    )
    // Both still ticked, as the server now has them.
    expect(await field(organiser, words.hoursLabel('Ann Grower')).inputValue()).toBe('3')
  })

  it("shows a member their plot's hours on My allotment", async () => {
    const page = await memberPage('ann')
    await page.goto('/members/me')
    const section = page.getByRole('region', { name: words.myHeading })
    await poll(() => section.textContent()).toContain(words.myPlot('WH1', '3 hours', '6 hours'))
    expect(await section.textContent()).toContain(words.myOwn('3 hours'))
    await expectUsable(page)
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
