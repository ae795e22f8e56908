import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CalendarEvent } from '#shared/schemas/calendar'
import { createPerson, createPlot, eventInput, linkAccount, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// A feed is kept once built, per data version, day and reach (a council's committee's feed is 2 MB
// of 5,000 events): asked for again it is the same text, and after any change, of an event, of
// the account behind an address or of the day, it is built afresh. Never a stale feed.

/** A public event of every site on 5 June 2027. */
const event = (title: string, overrides: Record<string, unknown> = {}) =>
  eventInput(title, {
    startDate: '2027-06-05',
    endDate: '2027-06-05',
    visibility: 'public',
    ...overrides,
  })

describe.each(engines)('calendar feeds kept between changes on %s', (engine) => {
  let t: TestApp
  let admin: string
  let member: string
  let address: string
  const publicFeed = async () => (await t.app.inject('/api/calendar/public.ics')).body
  const privateFeed = () => t.app.inject(new URL(address).pathname)

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'admin')
    member = await t.signInAs(1, 'rose-account')
    await createPlot(t, admin, '1')
    await createPerson(t, admin, 'rose', { firstName: 'Rose', lastName: 'Bed' })
    expect((await send(t, admin, 'PUT', '/api/plots/1/tenants/rose')).statusCode).toBe(200)
    await linkAccount(t, admin, 'rose-account', 'rose')
    address = (await send(t, member, 'POST', '/api/me/calendar-address')).json<{ url: string }>()
      .url
  })
  afterAll(() => t.close())

  it('serves a public event added, changed and deleted at once', async () => {
    const empty = await publicFeed()
    expect(await publicFeed()).toBe(empty)
    const made = await send(t, admin, 'POST', '/api/calendar/events', event('Open day'))
    expect(made.statusCode, made.body).toBe(201)
    const { id } = made.json<CalendarEvent>()
    expect(await publicFeed()).toContain('SUMMARY:Open day')
    const body = { ...event('Open day and plant sale'), version: 1 }
    expect((await send(t, admin, 'PUT', `/api/calendar/events/${id}`, body)).statusCode).toBe(200)
    const changed = await publicFeed()
    expect(changed).toContain('SUMMARY:Open day and plant sale')
    expect(changed).toContain('SEQUENCE:1')
    expect((await send(t, admin, 'DELETE', `/api/calendar/events/${id}`)).statusCode).toBe(204)
    expect(await publicFeed()).not.toContain('Open day')
  })

  it("follows the account behind a private address: its level, and the events' visibility", async () => {
    const made = await send(
      t,
      admin,
      'POST',
      '/api/calendar/events',
      event('Committee meeting', { visibility: 'committee' }),
    )
    expect(made.statusCode).toBe(201)
    expect((await privateFeed()).body).not.toContain('Committee meeting')
    const account = await t.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'rose-account')
      .executeTakeFirstOrThrow()
    const raised = await send(t, admin, 'PUT', `/api/accounts/${account.id}/level`, { level: 3 })
    expect(raised.statusCode, raised.body).toBe(200)
    expect((await privateFeed()).body).toContain('SUMMARY:Committee meeting')
  })

  it('lets an event a year past drop out as the days go by', async () => {
    expect(
      (await send(t, admin, 'POST', '/api/calendar/events', event('Summer show'))).statusCode,
    ).toBe(201)
    t.moveClockTo('2028-06-04')
    expect(await publicFeed()).toContain('SUMMARY:Summer show')
    t.moveClockTo('2028-06-07')
    expect(await publicFeed()).not.toContain('Summer show')
  })
})
