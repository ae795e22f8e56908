import ICAL from 'ical.js'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarMessages } from '#shared/messages/calendar'
import { commonMessages } from '#shared/messages/common'
import type { Calendar, CalendarEvent, PublicEvent } from '#shared/schemas/calendar'
import {
  createPerson,
  createPlot,
  createSite,
  eventInput,
  lastLogId,
  linkAccount,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 48, items 1 and 2, and their acceptance: the committee's events on London's clock, the
// dates that appear by themselves, and a member's private calendar address, fetched as a phone's
// calendar app would, parsed back with ical.js, at the right UTC times across the last Sundays of
// March and October, and refused once it is reset or the account is disabled.

interface Parsed {
  uid: string
  summary: string
  start: string
  end: string | null
  allDay: boolean
}

function parseFeed(text: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(text))
  expect(calendar.name).toBe('vcalendar')
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy()
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      uid: event.uid,
      summary: event.summary,
      allDay: event.startDate.isDate,
      start: event.startDate.isDate
        ? event.startDate.toString()
        : event.startDate.toJSDate().toISOString(),
      end: event.endDate && !event.startDate.isDate ? event.endDate.toJSDate().toISOString() : null,
    }
  })
}

const event = eventInput

describe.each(engines)('the calendar and its subscription on %s', (engine) => {
  let t: TestApp
  let admin: string
  let mabel: string
  let northfield: number
  const ids: Record<string, number> = {}

  const path = (address: string) => new URL(address).pathname
  const fetchFeed = (address: string) => t.app.inject({ method: 'GET', url: path(address) })

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'admin')
    mabel = await t.signInAs(1, 'mabel-account')
    northfield = (await createSite(t, admin, 'Northfield')).id
    await createPlot(t, admin, '1')
    await createPerson(t, admin, 'mabel', { firstName: 'Mabel', lastName: 'Digby' })
    expect((await send(t, admin, 'PUT', '/api/plots/1/tenants/mabel')).statusCode).toBe(200)
    await linkAccount(t, admin, 'mabel-account', 'mabel')
    // Mabel holds a plot on the first site: she sees its members' events and every site's, not
    // Northfield's, and never the committee's.
    const events = {
      // 28 March 2027, the last Sunday of March: London's clocks go forward at 01:00 GMT.
      'Saturday before spring': event('Saturday before spring', {
        startDate: '2027-03-27',
        endDate: '2027-03-27',
      }),
      'Spring work party': event('Spring work party', {
        siteId: 1,
        startDate: '2027-03-28',
        endDate: '2027-03-28',
        helpersWanted: 12,
      }),
      'Night across the change': event('Night across the change', {
        startDate: '2027-03-28',
        startTime: '00:30',
        endDate: '2027-03-28',
        endTime: '03:30',
      }),
      // 31 October 2027, the last Sunday of October: London's clocks go back at 01:00 GMT.
      'Saturday before autumn': event('Saturday before autumn', {
        startDate: '2027-10-30',
        endDate: '2027-10-30',
        visibility: 'public',
      }),
      'Autumn work party': event('Autumn work party', {
        siteId: 1,
        startDate: '2027-10-31',
        endDate: '2027-10-31',
      }),
      'Committee meeting': event('Committee meeting', { visibility: 'committee' }),
      'Northfield open day': event('Northfield open day', { siteId: northfield }),
    }
    for (const [title, body] of Object.entries(events)) {
      const made = await send(t, admin, 'POST', '/api/calendar/events', body)
      expect(made.statusCode, made.body).toBe(201)
      ids[title] = made.json<CalendarEvent>().id
    }
  })
  afterAll(() => t.close())

  it("keeps each event's moments in UTC, and answers them on London's clock", async () => {
    const calendar = await send(t, admin, 'GET', '/api/calendar?from=2027-03-01&to=2027-03-31')
    expect(calendar.statusCode, calendar.body).toBe(200)
    const byTitle = new Map(calendar.json<Calendar>().events.map((e) => [e.title, e]))
    expect(byTitle.get('Saturday before spring')).toMatchObject({
      startsAt: '2027-03-27T10:00:00.000Z',
      startTime: '10:00',
    })
    expect(byTitle.get('Spring work party')).toMatchObject({
      startsAt: '2027-03-28T09:00:00.000Z',
      endsAt: '2027-03-28T11:00:00.000Z',
      startDate: '2027-03-28',
      startTime: '10:00',
      helpersWanted: 12,
    })
    // 00:30 GMT to 03:30 BST: two hours, not three.
    expect(byTitle.get('Night across the change')).toMatchObject({
      startsAt: '2027-03-28T00:30:00.000Z',
      endsAt: '2027-03-28T02:30:00.000Z',
    })
  })

  it('serves a member their private calendar, parsed back, at the right UTC times', async () => {
    expect((await send(t, mabel, 'GET', '/api/me/calendar-address')).json()).toEqual({
      madeAt: null,
    })
    const made = await send(t, mabel, 'POST', '/api/me/calendar-address')
    expect(made.statusCode, made.body).toBe(201)
    const { url: address } = made.json<{ url: string }>()
    expect(address).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/feeds\/[\w-]{43}\.ics$/)
    // Only its hash is kept.
    const token = path(address).split('/').pop()!.replace('.ics', '')
    const rows = await t.db.kysely.selectFrom('calendar_feeds').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(token)

    const response = await fetchFeed(address)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const items = parseFeed(response.body)
    const byTitle = new Map(items.map((item) => [item.summary, item]))
    expect([...byTitle.keys()].sort()).toEqual([
      'Autumn work party',
      'Night across the change',
      'Saturday before autumn',
      'Saturday before spring',
      'Spring work party',
    ])
    expect(byTitle.get('Saturday before spring')).toMatchObject({
      start: '2027-03-27T10:00:00.000Z',
      end: '2027-03-27T12:00:00.000Z',
    })
    expect(byTitle.get('Spring work party')).toMatchObject({
      start: '2027-03-28T09:00:00.000Z',
      end: '2027-03-28T11:00:00.000Z',
      allDay: false,
    })
    expect(byTitle.get('Night across the change')).toMatchObject({
      start: '2027-03-28T00:30:00.000Z',
      end: '2027-03-28T02:30:00.000Z',
    })
    expect(byTitle.get('Saturday before autumn')).toMatchObject({
      start: '2027-10-30T09:00:00.000Z',
      end: '2027-10-30T11:00:00.000Z',
    })
    expect(byTitle.get('Autumn work party')).toMatchObject({
      start: '2027-10-31T10:00:00.000Z',
      end: '2027-10-31T12:00:00.000Z',
    })
    // Every time is written as UTC itself: no floating time a phone would read on its own clock.
    expect(response.body).toMatch(/DTSTART:20270328T090000Z/)
    expect(response.body).not.toMatch(/DTSTART:\d{8}T\d{6}\r?\n/)
    // The helpers wanted are in the work party's description.
    expect(response.body).toContain(calendarMessages.helpersWanted(12))
  })

  it('stops the old address when it is reset, and any address when the account is disabled', async () => {
    const first = (await send(t, mabel, 'POST', '/api/me/calendar-address')).json<{
      url: string
    }>().url
    expect((await fetchFeed(first)).statusCode).toBe(200)
    const mark = await lastLogId(t)
    const reset = await send(t, mabel, 'POST', '/api/me/calendar-address')
    expect(reset.statusCode).toBe(201)
    const second = reset.json<{ url: string; madeAt: string }>()
    expect(second.url).not.toBe(first)
    const gone = await fetchFeed(first)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().detail).toBe(calendarMessages.feedMissing)
    expect((await fetchFeed(second.url)).statusCode).toBe(200)
    const [entry] = await logsAfter(t, mark)
    expect(entry).toMatchObject({ methodName: 'resetCalendarAddress', userName: 'mabel-account' })
    expect(entry!.value).not.toContain(path(second.url).split('/').pop()!.slice(0, 43))
    expect((await send(t, mabel, 'GET', '/api/me/calendar-address')).json()).toEqual({
      madeAt: second.madeAt,
    })

    const account = await t.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'mabel-account')
      .executeTakeFirstOrThrow()
    const url = `/api/accounts/${account.id}/disabled`
    expect((await send(t, admin, 'PUT', url, { disabled: true })).statusCode).toBe(200)
    expect((await fetchFeed(second.url)).statusCode).toBe(404)
    expect((await send(t, admin, 'PUT', url, { disabled: false })).statusCode).toBe(200)
    expect((await fetchFeed(second.url)).statusCode).toBe(200)
    // Disabling ended her sessions: she signs in again.
    mabel = await t.signInAs(1, 'mabel-account')
    // An address never made is the same answer.
    const unknown = await t.app.inject(`/api/calendar/feeds/${'x'.repeat(43)}.ics`)
    expect(unknown.statusCode).toBe(404)
  })

  it('gives the committee every event and the dates that appear by themselves', async () => {
    const round = await send(t, admin, 'POST', '/api/inspection-rounds', {
      siteId: 1,
      date: '2027-05-01',
      walkers: '',
    })
    expect(round.statusCode, round.body).toBe(201)
    const url = '/api/calendar?from=2027-05-01&to=2027-05-31'
    const committee = (await send(t, admin, 'GET', url)).json<Calendar>()
    expect(committee.events.map((e) => e.title).sort()).toEqual([
      'Committee meeting',
      'Northfield open day',
    ])
    expect(committee.dates).toEqual([
      expect.objectContaining({
        kind: 'inspectionRound',
        date: '2027-05-01',
        title: calendarMessages.inspectionRound,
        siteId: 1,
      }),
    ])
    const member = (await send(t, mabel, 'GET', url)).json<Calendar>()
    expect(member).toEqual({ events: [], dates: [] })

    const made = (await send(t, admin, 'POST', '/api/me/calendar-address')).json<{
      url: string
    }>()
    const feed = parseFeed((await fetchFeed(made.url)).body)
    expect(feed.map((item) => item.summary)).toEqual(
      expect.arrayContaining(['Committee meeting', calendarMessages.inspectionRound]),
    )
    expect(feed.find((item) => item.summary === calendarMessages.inspectionRound)).toMatchObject({
      allDay: true,
      start: '2027-05-01',
    })
  })

  it('publishes the public events alone, as a list and a feed', async () => {
    const list = await t.app.inject('/api/calendar/public')
    expect(list.statusCode).toBe(200)
    const events = list.json<PublicEvent[]>()
    expect(events.map((e) => e.title)).toEqual(['Saturday before autumn'])
    expect(Object.keys(events[0]!).sort()).not.toContain('siteId')
    const feed = await t.app.inject('/api/calendar/public.ics')
    expect(feed.statusCode).toBe(200)
    expect(parseFeed(feed.body).map((item) => item.summary)).toEqual(['Saturday before autumn'])
  })

  it('edits an event against its version, deletes it, and logs both', async () => {
    const id = ids['Committee meeting']!
    const mark = await lastLogId(t)
    const body = { ...event('AGM', { visibility: 'committee' }), version: 1 }
    const saved = await send(t, admin, 'PUT', `/api/calendar/events/${id}`, body)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<CalendarEvent>()).toMatchObject({ title: 'AGM', version: 2 })
    const stale = await send(t, admin, 'PUT', `/api/calendar/events/${id}`, body)
    expect(stale.statusCode).toBe(409)
    expect(stale.json().detail).toBe(commonMessages.staleVersion)
    const backwards = await send(t, admin, 'PUT', `/api/calendar/events/${id}`, {
      ...body,
      version: 2,
      endTime: '09:00',
    })
    expect(backwards.statusCode).toBe(422)
    expect(backwards.json().detail).toBe(calendarMessages.endBeforeStart)
    expect((await send(t, admin, 'DELETE', `/api/calendar/events/${id}`)).statusCode).toBe(204)
    expect((await send(t, admin, 'DELETE', `/api/calendar/events/${id}`)).statusCode).toBe(404)
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => [log.methodName, log.error === 'null'])).toEqual([
      ['updateEvent', true],
      ['updateEvent', false],
      ['updateEvent', false],
      ['deleteEvent', true],
      ['deleteEvent', false],
    ])
    expect(JSON.parse(logs[3]!.value)).toMatchObject({ title: 'AGM' })
  })

  it("puts the calendar address in the person's data download and takes it away with an erasure", async () => {
    const data = await send(t, admin, 'GET', '/api/people/mabel/personal-data')
    expect(data.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(data.rawPayload))
    const kept = JSON.parse(strFromU8(files['data.json']!)) as Record<string, unknown>
    expect(kept.calendarAddress).toEqual([{ madeAt: expect.any(String) }])
    expect(strFromU8(files['data.json']!)).not.toMatch(/[\w-]{43}\.ics/)

    const account = await t.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'mabel-account')
      .executeTakeFirstOrThrow()
    const feeds = () => t.db.kysely.selectFrom('calendar_feeds').select('userId').execute()
    expect((await feeds()).map((row) => row.userId)).toContain(account.id)
    // Her tenancy ends first: one who holds a plot is not erased.
    expect((await send(t, admin, 'DELETE', '/api/plots/1/tenants/mabel')).statusCode).toBe(200)
    const erased = await send(t, admin, 'POST', '/api/people/mabel/erasure')
    expect(erased.statusCode, erased.body).toBe(200)
    expect((await feeds()).map((row) => row.userId)).not.toContain(account.id)
  })
})
