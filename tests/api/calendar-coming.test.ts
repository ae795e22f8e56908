import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarMessages } from '#shared/messages/calendar'
import { comingMessages } from '#shared/messages/calendar-coming'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { serverMessages } from '#shared/messages/server'
import { defaultMerge } from '#shared/domain/people-merge'
import type { Calendar, CalendarEntry, CalendarEvent, Coming } from '#shared/schemas/calendar'
import type { MergePreview } from '#shared/schemas/people-merge'
import {
  createPerson,
  createPlot,
  createSite,
  eventInput,
  lastLogId,
  limitAccount,
  linkAccount,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 48, item 1: "I'll come". A member says they will come to an event their calendar shows
// them, and may change their mind until it is over; everyone sees how many are coming (against
// the helpers a work party wants); members see who only where the event shows it, the committee
// always, a site representative only on their sites' events. A person's data download holds what
// they said; their erasure takes it away.

/** An event of the first site, unless it says otherwise. */
const event = (title: string, overrides: Record<string, unknown> = {}) =>
  eventInput(title, { siteId: 1, ...overrides })

describe.each(engines)("I'll come on %s", (engine) => {
  let t: TestApp
  let admin: string
  let mabel: string
  let ted: string
  let rep: string
  let unlinked: string
  let northfield: number
  const ids: Record<string, number> = {}

  const coming = (cookie: string, id: number, come = true) =>
    send(t, cookie, come ? 'PUT' : 'DELETE', `/api/calendar/events/${id}/coming`)
  /** The event as the viewer's calendar shows it in May 2027. */
  async function seen(cookie: string, title: string): Promise<CalendarEntry | undefined> {
    const calendar = await send(t, cookie, 'GET', '/api/calendar?from=2027-05-01&to=2027-05-31')
    expect(calendar.statusCode, calendar.body).toBe(200)
    return calendar.json<Calendar>().events.find((entry) => entry.title === title)
  }
  const rows = () =>
    t.db.kysely.selectFrom('calendar_coming').selectAll().orderBy('personId').execute()

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'admin')
    mabel = await t.signInAs(1, 'mabel-account')
    ted = await t.signInAs(1, 'ted-account')
    rep = await t.signInAs(3, 'north-rep')
    unlinked = await t.signInAs(1, 'nobody-account')
    northfield = (await createSite(t, admin, 'Northfield')).id
    await createPlot(t, admin, '1')
    await createPerson(t, admin, 'mabel', { firstName: 'Mabel', lastName: 'Digby' })
    await createPerson(t, admin, 'ted', { firstName: 'Ted', lastName: 'Allen' })
    await createPerson(t, admin, 'nora', { firstName: 'Nora', lastName: 'North' })
    for (const person of ['mabel', 'ted'])
      expect((await send(t, admin, 'PUT', `/api/plots/1/tenants/${person}`)).statusCode).toBe(200)
    await linkAccount(t, admin, 'mabel-account', 'mabel')
    await linkAccount(t, admin, 'ted-account', 'ted')
    await linkAccount(t, admin, 'north-rep', 'nora')
    await limitAccount(t, admin, 'north-rep', [northfield])

    const events = {
      'Work party': event('Work party', { helpersWanted: 6 }),
      'Open day': event('Open day', { startTime: '13:00', endTime: '16:00', showComing: true }),
      AGM: event('AGM', { siteId: null, startDate: '2027-05-08', endDate: '2027-05-08' }),
      'Committee meeting': event('Committee meeting', { visibility: 'committee' }),
      'Northfield dig': event('Northfield dig', { siteId: northfield }),
      'Last year': event('Last year', { startDate: '2026-01-10', endDate: '2026-01-10' }),
    }
    for (const [title, body] of Object.entries(events)) {
      const made = await send(t, admin, 'POST', '/api/calendar/events', body)
      expect(made.statusCode, made.body).toBe(201)
      ids[title] = made.json<CalendarEvent>().id
    }
  })
  afterAll(() => t.close())

  it('counts a member who will come against the helpers wanted, logged once', async () => {
    const mark = await lastLogId(t)
    const said = await coming(mabel, ids['Work party']!)
    expect(said.statusCode, said.body).toBe(200)
    expect(said.json<Coming>()).toEqual({ count: 1, me: true, names: null })
    // Said again: the same answer, nothing logged twice.
    expect((await coming(mabel, ids['Work party']!)).json<Coming>()).toMatchObject({ count: 1 })
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => [log.methodName, log.userName, log.docId, log.error])).toEqual([
      ['comeToEvent', 'mabel-account', String(ids['Work party']), 'null'],
    ])

    expect((await seen(mabel, 'Work party'))!.coming).toEqual({ count: 1, me: true, names: null })
    // Ted sees how many, not who: the work party does not show its list to members.
    expect((await seen(ted, 'Work party'))!.coming).toEqual({ count: 1, me: false, names: null })
    // The committee always sees who.
    expect((await seen(admin, 'Work party'))!.coming).toEqual({
      count: 1,
      me: false,
      names: ['Mabel Digby'],
    })
  })

  it('shows members who is coming where the event allows it, by surname', async () => {
    expect((await coming(mabel, ids['Open day']!)).statusCode).toBe(200)
    expect((await coming(ted, ids['Open day']!)).statusCode).toBe(200)
    expect((await seen(mabel, 'Open day'))!.coming).toEqual({
      count: 2,
      me: true,
      names: ['Ted Allen', 'Mabel Digby'],
    })
  })

  it('lets a member change their mind', async () => {
    expect((await coming(ted, ids['Open day']!, false)).json<Coming>()).toEqual({
      count: 1,
      me: false,
      names: ['Mabel Digby'],
    })
    const mark = await lastLogId(t)
    // Taken back twice: nothing more to log.
    expect((await coming(ted, ids['Open day']!, false)).statusCode).toBe(200)
    expect(await logsAfter(t, mark)).toEqual([])
    expect((await seen(ted, 'Open day'))!.coming.me).toBe(false)
  })

  it("refuses an event not on the member's calendar, one that is over, and an account of no one", async () => {
    const before = await rows()
    const mark = await lastLogId(t)
    for (const title of ['Northfield dig', 'Committee meeting']) {
      const refused = await coming(mabel, ids[title]!)
      expect(refused.statusCode, title).toBe(403)
      expect(refused.json().detail).toBe(serverMessages.noAccess)
    }
    const over = await coming(mabel, ids['Last year']!)
    expect(over.statusCode).toBe(422)
    expect(over.json().detail).toBe(comingMessages.eventOver)
    const missing = await coming(mabel, 999_999)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail).toBe(calendarMessages.eventMissing)
    const nobody = await coming(unlinked, ids.AGM!)
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json().detail).toBe(myAllotmentMessages.notLinked)
    expect(await rows()).toEqual(before)
    // Each attempt is logged with its error.
    const logs = await logsAfter(t, mark)
    expect(logs).toHaveLength(5)
    expect(logs.every((log) => log.error !== 'null')).toBe(true)
  })

  it("shows a site representative only their sites' events' lists", async () => {
    expect((await coming(rep, ids['Northfield dig']!)).statusCode).toBe(200)
    expect((await coming(rep, ids.AGM!)).statusCode).toBe(200)
    expect((await coming(mabel, ids.AGM!)).statusCode).toBe(200)
    expect((await seen(rep, 'Northfield dig'))!.coming).toEqual({
      count: 1,
      me: true,
      names: ['Nora North'],
    })
    // The AGM is every site's, the organisation's: its count, not its list.
    expect((await seen(rep, 'AGM'))!.coming).toEqual({ count: 2, me: true, names: null })
    expect((await seen(admin, 'AGM'))!.coming.names).toEqual(['Mabel Digby', 'Nora North'])
    // The first site's work party is not on their calendar, nor theirs to say they will come to.
    expect(await seen(rep, 'Work party')).toBeUndefined()
    expect((await coming(rep, ids['Work party']!)).statusCode).toBe(403)
  })

  it('forgets who was coming to an event deleted', async () => {
    const id = ids['Northfield dig']!
    expect((await send(t, admin, 'DELETE', `/api/calendar/events/${id}`)).statusCode).toBe(204)
    expect((await rows()).map((row) => row.eventId)).not.toContain(id)
  })

  it('makes one of what two records of a person said, when they are merged', async () => {
    expect((await coming(ted, ids.AGM!)).statusCode).toBe(200)
    await createPerson(t, admin, 'ted2', { firstName: 'Ted', lastName: 'Allen' })
    // The second record said so too, before anyone saw the two were one.
    await t.db.kysely
      .insertInto('calendar_coming')
      .values([
        { eventId: ids.AGM!, personId: 'ted2', saidAt: '2026-11-01T10:00:00.000Z' },
        { eventId: ids['Work party']!, personId: 'ted2', saidAt: '2026-11-01T10:00:00.000Z' },
      ])
      .execute()
    const shown = (
      await send(t, admin, 'GET', '/api/people-merge?kept=ted&merged=ted2')
    ).json<MergePreview>()
    const merged = await send(t, admin, 'POST', '/api/people-merge', {
      keptId: 'ted',
      mergedId: 'ted2',
      keptVersion: shown.kept.version,
      mergedVersion: shown.merged.version,
      fields: defaultMerge(shown.kept, shown.merged),
    })
    expect(merged.statusCode, merged.body).toBe(200)
    const teds = (await rows()).filter((row) => row.personId.startsWith('ted'))
    expect(teds.map((row) => `${row.eventId} ${row.personId}`).sort()).toEqual(
      [`${ids['Work party']} ted`, `${ids.AGM} ted`].sort(),
    )
    expect((await seen(ted, 'AGM'))!.coming).toMatchObject({ count: 3, me: true })
  })

  it('puts what a person said in their data download, and erases it with them', async () => {
    const data = await send(t, admin, 'GET', '/api/people/mabel/personal-data')
    expect(data.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(data.rawPayload))
    const kept = JSON.parse(strFromU8(files['data.json']!)) as Record<string, unknown>
    expect(kept.eventsComing).toEqual([
      expect.objectContaining({ eventId: ids['Work party'], title: 'Work party' }),
      expect.objectContaining({ eventId: ids['Open day'], title: 'Open day' }),
      expect.objectContaining({ eventId: ids.AGM, title: 'AGM', saidAt: expect.any(String) }),
    ])
    expect(strFromU8(files['summary.html']!)).toContain('Events they said they would come to')

    // Her tenancy ends first: one who holds a plot is not erased.
    expect((await send(t, admin, 'DELETE', '/api/plots/1/tenants/mabel')).statusCode).toBe(200)
    const erased = await send(t, admin, 'POST', '/api/people/mabel/erasure')
    expect(erased.statusCode, erased.body).toBe(200)
    const left = await rows()
    expect(left.map((row) => row.personId)).not.toContain('mabel')
    expect(left.filter((row) => row.personId.startsWith('former'))).toEqual([])
    expect((await seen(admin, 'Work party'))!.coming).toEqual({
      count: 1,
      me: false,
      names: ['Ted Allen'],
    })
  })
})
