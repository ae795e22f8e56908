import { randomUUID } from 'node:crypto'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarMessages } from '#shared/messages/calendar'
import { workHoursMessages } from '#shared/messages/work-hours'
import type { CalendarEvent } from '#shared/schemas/calendar'
import type {
  Attendance,
  MyWorkHours,
  Register,
  ShortList,
  StoredWorkHours,
} from '#shared/schemas/work-hours'
import { startRentYear } from '#tests/helpers/rent'
import {
  createPerson,
  createPlot,
  createSite,
  lastLogId,
  limitAccount,
  linkAccount,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 48, item 3 (decision 66): hours owed per plot a year (the organisation's, or a site's
// own), a work party's register ticked from a phone (each record once, a later one replacing the
// earlier), a member's hours, the committee's list of who is short (a representative's sites
// only), and the rent year's line for the hours of the year before it.

const TODAY = '2026-11-02'

describe.each(engines)('work hours on %s', (engine) => {
  let t: TestApp
  let admin = ''
  let committee = ''
  let rep = ''
  let member = ''
  let waiting = ''
  let northfield = 0
  let party = 0
  let northParty = 0
  let meeting = 0
  let later = 0

  const event = async (title: string, body: Partial<CalendarEvent> = {}) => {
    const made = await send(t, committee, 'POST', '/api/calendar/events', {
      title,
      siteId: 1,
      place: 'The gate',
      startDate: '2026-10-10',
      startTime: '10:00',
      endDate: '2026-10-10',
      endTime: '13:00',
      description: '',
      visibility: 'members',
      helpersWanted: 10,
      ...body,
    })
    expect(made.statusCode, made.body).toBe(201)
    return made.json<CalendarEvent>().id
  }
  const attend = (
    body: { eventId: number; personId: string; hours: number; id?: string; recordedAt?: string },
    cookie = committee,
  ) =>
    send(t, cookie, 'POST', '/api/work-hours/attendance', {
      id: randomUUID(),
      recordedAt: '2026-11-01T12:00:00.000Z',
      ...body,
    })

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'secretary')
    rep = await t.signInAs(3, 'repa')
    member = await t.signInAs(1, 'alicem')
    waiting = await t.signInAs(1, 'doram')
    northfield = (await createSite(t, admin, 'Northfield')).id
    await createPlot(t, admin, '1')
    await createPlot(t, admin, '2')
    const north = (await createPlot(t, admin, '9', { siteId: northfield })).id
    for (const [id, plot, lastName] of [
      ['alice', '1', 'Archer'],
      ['carol', '2', 'Cooper'],
      ['bob', north, 'Baker'],
    ] as const) {
      await createPerson(t, admin, id, { firstName: id, lastName, email: '' })
      const let_ = await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/${id}`)
      expect(let_.statusCode, let_.body).toBe(200)
    }
    await limitAccount(t, admin, 'repa', [1])
    await linkAccount(t, admin, 'alicem', 'alice')
    // Dora is on the waiting list: no plot anywhere, but a member who may come to help.
    await createPerson(t, admin, 'dora', {
      firstName: 'dora',
      lastName: 'Dunn',
      email: '',
      onWaitingList: true,
    })
    await linkAccount(t, admin, 'doram', 'dora')
    party = await event('Autumn work party')
    northParty = await event('Northfield work party', { siteId: northfield })
    meeting = await event('Committee meeting', { helpersWanted: null })
    later = await event('Winter work party', { startDate: '2026-12-05', endDate: '2026-12-05' })
  })
  afterAll(() => t.close())

  it('lets the committee set the hours owed and what an hour is worth, a site its own, logged', async () => {
    const mark = await lastLogId(t)
    const before = (await send(t, committee, 'GET', '/api/work-hours/settings')).json()
    expect(before).toEqual({ hoursOwed: 0, missingHourPence: 0, beyondHourPence: 0, version: 0 })
    const rules = { hoursOwed: 6, missingHourPence: 1000, beyondHourPence: 500 }
    const saved = await send(t, committee, 'PUT', '/api/work-hours/settings', {
      ...rules,
      version: 0,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<StoredWorkHours>()).toEqual({ ...rules, version: 1 })
    const stale = await send(t, committee, 'PUT', '/api/work-hours/settings', {
      ...rules,
      version: 0,
    })
    expect(stale.statusCode).toBe(409)
    // The organisation's are every site's: not a representative's to change.
    const byRep = await send(t, rep, 'PUT', '/api/work-hours/settings', { ...rules, version: 1 })
    expect(byRep.statusCode).toBe(403)
    const quarter = await send(t, committee, 'PUT', '/api/work-hours/settings', {
      ...rules,
      hoursOwed: 6.1,
      version: 1,
    })
    expect(quarter.statusCode).toBe(400)
    expect(quarter.json().detail).toContain(workHoursMessages.hoursInQuarters)
    // A site's own: a representative's for their site only, then cleared again.
    const own = { hours: { ...rules, hoursOwed: 4 }, version: 0 }
    const north = await send(t, rep, 'PUT', `/api/work-hours/settings/sites/${northfield}`, own)
    expect(north.statusCode).toBe(403)
    const site = await send(t, rep, 'PUT', '/api/work-hours/settings/sites/1', own)
    expect(site.statusCode, site.body).toBe(200)
    const cleared = await send(t, rep, 'PUT', '/api/work-hours/settings/sites/1', {
      hours: null,
      version: 1,
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((await logsAfter(t, mark)).map((log) => [log.methodName, log.error === 'null'])).toEqual(
      [
        ['updateWorkHoursSettings', true],
        ['updateWorkHoursSettings', false],
        ['updateSiteWorkHours', false],
        ['updateSiteWorkHours', true],
        ['updateSiteWorkHours', true],
      ],
    )
  })

  it("lists a work party's site's tenants on its register, and only a work party's", async () => {
    const register = await send(t, rep, 'GET', `/api/work-hours/events/${party}`)
    expect(register.statusCode, register.body).toBe(200)
    expect(register.json<Register>()).toMatchObject({
      event: { id: party, title: 'Autumn work party', siteId: 1, day: '2026-10-10' },
      people: [
        { personId: 'alice', name: 'alice Archer', hours: null },
        { personId: 'carol', name: 'carol Cooper', hours: null },
      ],
    })
    expect((await send(t, rep, 'GET', `/api/work-hours/events/${northParty}`)).statusCode).toBe(403)
    const notParty = await send(t, committee, 'GET', `/api/work-hours/events/${meeting}`)
    expect(notParty.statusCode).toBe(422)
    expect(notParty.json().detail).toBe(workHoursMessages.notAWorkParty)
    expect((await send(t, committee, 'GET', '/api/work-hours/events/999')).json().detail).toBe(
      calendarMessages.eventMissing,
    )
  })

  it('keeps each record once, a later one replacing the earlier, an earlier one arriving late changing nothing', async () => {
    const mark = await lastLogId(t)
    const first = { id: randomUUID(), eventId: party, personId: 'alice', hours: 2.5 }
    const made = await attend(first, rep)
    expect(made.statusCode, made.body).toBe(201)
    // The phone never heard the answer, and sends it again.
    const again = await attend(first, rep)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json<Attendance>()).toMatchObject({ hours: 2.5 })
    const corrected = await attend({
      eventId: party,
      personId: 'alice',
      hours: 3,
      recordedAt: '2026-11-01T13:00:00.000Z',
    })
    expect(corrected.statusCode, corrected.body).toBe(201)
    const late = await attend({
      eventId: party,
      personId: 'alice',
      hours: 1,
      recordedAt: '2026-11-01T09:00:00.000Z',
    })
    expect(late.statusCode, late.body).toBe(200)
    expect(late.json<Attendance>()).toMatchObject({ hours: 3 })
    expect((await attend({ eventId: party, personId: 'carol', hours: 8 })).statusCode).toBe(201)
    const rows = await t.db.kysely.selectFrom('work_attendance').selectAll().execute()
    expect(rows.map((row) => [row.personId, row.quarters]).sort()).toEqual([
      ['alice', 12],
      ['carol', 32],
    ])
    expect((await logsAfter(t, mark)).map((log) => [log.methodName, log.siteIds])).toEqual([
      ['recordAttendance', '1'],
      ['recordAttendance', '1'],
      ['recordAttendance', '1'],
    ])
  })

  it('refuses what is not a record of someone on the register of a work party held', async () => {
    const refusals: Array<[object, number, string]> = [
      [
        { eventId: party, personId: 'bob', hours: 2 },
        422,
        workHoursMessages.notOnRegister('bob Baker'),
      ],
      [{ eventId: meeting, personId: 'alice', hours: 2 }, 422, workHoursMessages.notAWorkParty],
      [
        { eventId: later, personId: 'alice', hours: 2 },
        422,
        workHoursMessages.notYetHeld('2026-12-05'),
      ],
      [{ eventId: party, personId: 'alice', hours: 1.3 }, 400, workHoursMessages.hoursInQuarters],
      [{ eventId: 999, personId: 'alice', hours: 1 }, 404, calendarMessages.eventMissing],
    ]
    for (const [body, status, detail] of refusals) {
      const refused = await attend(body as { eventId: number; personId: string; hours: number })
      expect(refused.statusCode, refused.body).toBe(status)
      expect(refused.json().detail).toContain(detail)
    }
    const byRep = await attend({ eventId: northParty, personId: 'bob', hours: 1 }, rep)
    expect(byRep.statusCode).toBe(403)
    const kept = await t.db.kysely
      .selectFrom('work_attendance')
      .select('id')
      .where('personId', '=', 'alice')
      .executeTakeFirstOrThrow()
    const taken = await attend({ id: kept.id, eventId: party, personId: 'carol', hours: 1 })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().detail).toBe(workHoursMessages.recordIdTaken)
    expect(await t.db.kysely.selectFrom('work_attendance').selectAll().execute()).toHaveLength(2)
  })

  it('lists those who said they would come first, a member on the waiting list too, and records them', async () => {
    // Under way today and over tomorrow: members may still say they will come, and it may be recorded.
    const today = await event('Leaf clearing', {
      startDate: TODAY,
      startTime: '00:00',
      endDate: '2026-11-03',
      endTime: '23:00',
    })
    for (const cookie of [waiting, member]) {
      const said = await send(t, cookie, 'PUT', `/api/calendar/events/${today}/coming`)
      expect(said.statusCode, said.body).toBe(200)
    }
    const register = await send(t, rep, 'GET', `/api/work-hours/events/${today}`)
    expect(register.statusCode, register.body).toBe(200)
    expect(
      register.json<Register>().people.map((person) => [person.personId, person.coming]),
    ).toEqual([
      ['alice', true],
      ['dora', true],
      ['carol', false],
    ])
    const recorded = await attend({ eventId: today, personId: 'dora', hours: 2 }, rep)
    expect(recorded.statusCode, recorded.body).toBe(201)
    // Bob, a tenant of another site, said nothing: not on this party's register.
    const bob = await attend({ eventId: today, personId: 'bob', hours: 2 }, rep)
    expect(bob.statusCode).toBe(422)
    expect(bob.json().detail).toBe(workHoursMessages.notOnRegister('bob Baker'))
    const after = (await send(t, rep, 'GET', `/api/work-hours/events/${today}`)).json<Register>()
    expect(after.people.find((person) => person.personId === 'dora')).toMatchObject({ hours: 2 })
  })

  it("shows a member their plot's hours, and the committee who is short by site", async () => {
    const mine = await send(t, member, 'GET', '/api/me/work-hours')
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json<MyWorkHours>()).toMatchObject({
      from: '2025-11-03',
      to: TODAY,
      own: 3,
      plots: [{ plotName: '1', done: 3, owed: 6 }],
    })
    const short = (await send(t, committee, 'GET', '/api/work-hours/short')).json<ShortList>()
    expect(short.plots.map((plot) => [plot.plotName, plot.tenants, plot.done, plot.owed])).toEqual([
      ['1', ['alice Archer'], 3, 6],
      ['9', ['bob Baker'], 0, 6],
    ])
    const repShort = (await send(t, rep, 'GET', '/api/work-hours/short')).json<ShortList>()
    expect(repShort.plots.map((plot) => plot.plotName)).toEqual(['1'])
    expect((await send(t, rep, 'GET', `/api/work-hours/short?site=${northfield}`)).statusCode).toBe(
      403,
    )
  })

  it('charges the hours missing, and takes off those beyond, at the next rent year, by the settings of its start', async () => {
    const started = await startRentYear(t, committee, '2027-10-01')
    expect(started.statusCode, started.body).toBe(201)
    // New settings after the start change no invoice of the year.
    const saved = await send(t, committee, 'PUT', '/api/work-hours/settings', {
      hoursOwed: 10,
      missingHourPence: 2000,
      beyondHourPence: 0,
      version: 1,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const lines = await t.db.kysely
      .selectFrom('invoice_lines')
      .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoiceId')
      .select(['invoices.plotId', 'invoices.amount', 'description', 'invoice_lines.amount as line'])
      .orderBy('invoices.number')
      .orderBy('invoice_lines.id')
      .execute()
    const plotNames = new Map(
      (await t.db.kysely.selectFrom('plots').select(['id', 'name']).execute()).map((p) => [
        p.id,
        p.name,
      ]),
    )
    expect(
      lines.map((line) => [plotNames.get(line.plotId), line.description, Number(line.line)]),
    ).toEqual([
      ['1', expect.any(String), 4500],
      ['1', workHoursMessages.notDoneLine('3 hours', '£10.00'), 3000],
      ['2', expect.any(String), 4500],
      ['2', workHoursMessages.beyondLine('2 hours', '£5.00'), -1000],
      // Northfield kept no register that year: nothing is missing there.
      ['9', expect.any(String), 4500],
    ])
  })

  it("puts a person's hours in their data, and keeps the hours without them when erased", async () => {
    const response = await send(t, committee, 'GET', '/api/people/carol/personal-data')
    expect(response.statusCode, response.body).toBe(200)
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(response.rawPayload))['data.json']!))
    expect(data.workHours).toEqual([
      expect.objectContaining({ eventId: party, hours: 8, recordedBy: 'secretary' }),
    ])
    // Her invoice paid, nothing stands in the way of her erasure.
    const invoice = await t.db.kysely
      .selectFrom('invoices')
      .select(['id', 'amount'])
      .where('plotId', '=', '2')
      .executeTakeFirstOrThrow()
    const paid = await send(t, committee, 'POST', `/api/rent/invoices/${invoice.id}/payments`, {
      amount: Number(invoice.amount),
      method: 'cash',
      date: TODAY,
      reference: '',
      requestId: randomUUID(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
    const ended = await send(t, committee, 'DELETE', '/api/plots/2/tenants/carol')
    expect(ended.statusCode, ended.body).toBe(200)
    const erased = await send(t, committee, 'POST', '/api/people/carol/erasure')
    expect(erased.statusCode, erased.body).toBe(200)
    const rows = await t.db.kysely.selectFrom('work_attendance').selectAll().execute()
    expect(rows.map((row) => row.personId).sort()).toEqual([
      'alice',
      'dora',
      expect.stringMatching(/^former-/),
    ])
  })

  it('refuses to delete a work party with hours recorded, until its register is unticked', async () => {
    const held = await event('Pond clearing')
    const ticked = await attend({ eventId: held, personId: 'alice', hours: 2 })
    expect(ticked.statusCode, ticked.body).toBe(201)
    const refused = await send(t, committee, 'DELETE', `/api/calendar/events/${held}`)
    expect(refused.statusCode, refused.body).toBe(422)
    expect(refused.json().detail).toBe(workHoursMessages.hoursRecorded)
    expect((await send(t, committee, 'GET', `/api/work-hours/events/${held}`)).statusCode).toBe(200)
    const untick = await attend({
      ...{ eventId: held, personId: 'alice', hours: 0 },
      recordedAt: '2026-11-02T12:00:00.000Z',
    })
    expect(untick.statusCode, untick.body).toBe(201)
    const deleted = await send(t, committee, 'DELETE', `/api/calendar/events/${held}`)
    expect(deleted.statusCode, deleted.body).toBe(204)
  })
})
