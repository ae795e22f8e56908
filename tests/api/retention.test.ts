import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PRIVACY_SETTINGS } from '#shared/domain/privacy'
import { privacyMessages } from '#shared/messages/privacy'
import type { DueForErasure } from '#shared/schemas/privacy'
import type { Person } from '#shared/schemas/person'
import { deadlineAt } from '#server/core/jobs/runner'
import { logEvent } from '#server/core/logged-change'
import { createPerson, createPlot, expectOneLog, lastLogId, send } from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 30, item 3: retention that runs by itself. The clock moves on past each period; the
// daily job then erases the former members due (not those held back, nor anyone still holding a
// plot or on the list) and deletes the enquiries, failed sign-ins and log entries past theirs,
// once a day however often it is woken.
const DAY = 86_400_000

describe.each(engines)('retention on %s', (engine) => {
  let t: TestApp
  let admin = ''
  let committee = ''
  let realClock: () => Date

  // To noon of the day `days` on, so that the daily run (06:00) is due there whatever the hour
  // the tests run at (from the real time, a run before 06:00 UTC was not yet due).
  const moveTo = (days: number) => {
    const today = realClock().toISOString().slice(0, 10)
    t.moveClockTo(
      new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10),
    )
  }
  const due = async (): Promise<DueForErasure> => {
    const response = await send(t, committee, 'GET', '/api/privacy/due')
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const person = async (id: string) =>
    (await send(t, committee, 'GET', `/api/people/${id}`)).json() as Person
  const runs = () => t.db.kysely.selectFrom('retention_runs').selectAll().orderBy('day').execute()
  const pendingRuns = () =>
    t.db.kysely
      .selectFrom('jobs')
      .select(['payload', 'runAt'])
      .where('kind', '=', 'retention')
      .where('finishedAt', 'is', null)
      .execute()
  // Other jobs fall due as the clock moves (the enquiry's e-mail, tried again): run them all.
  const runAllDue = async () => {
    while ((await t.app.jobs.runDue()) > 0);
  }
  const count = async (table: 'enquiries' | 'sign_in_failures' | 'logs') =>
    (await t.db.kysely.selectFrom(table).selectAll().execute()).length

  beforeAll(async () => {
    t = await createTestApp(engine)
    // Runs are started by the tests alone: a poll of the runner's own could take a run up
    // beside them, and the test would look before it had finished.
    await t.app.jobs.stop()
    realClock = t.app.config.clock
    admin = await t.signInAs(4)
    committee = await t.signInAs(3)
    // Lena leaves her plot; Hal leaves it too but is held back; Wes stays on the waiting list;
    // Pat keeps a plot.
    await createPlot(t, committee, 'R1')
    await createPlot(t, committee, 'R2')
    await createPlot(t, committee, 'R3')
    for (const [id, lastName, plot] of [
      ['lena', 'Leaver', 'R1'],
      ['hal', 'Holdfast', 'R2'],
      ['pat', 'Plotkeeper', 'R3'],
    ] as const) {
      // Lena's record carries the committee's notes (issue 44): they go with her details.
      const notes = id === 'lena' ? 'Has the spare gate key' : ''
      await createPerson(t, committee, id, { lastName, email: `${id}@example.org`, notes })
      const added = await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${id}`)
      expect(added.statusCode, added.body).toBeLessThan(300)
    }
    for (const [id, plot] of [
      ['lena', 'R1'],
      ['hal', 'R2'],
    ]) {
      const ended = await send(t, committee, 'DELETE', `/api/plots/${plot}/tenants/${id}`)
      expect(ended.statusCode, ended.body).toBeLessThan(300)
    }
    // Owen leaves his plot still owing this year's rent: due, but kept until it is settled.
    await createPlot(t, committee, 'R4')
    await createPerson(t, committee, 'owen', { lastName: 'Owing', email: 'owen@example.org' })
    expect((await send(t, committee, 'PUT', '/api/plots/R4/tenants/owen')).statusCode).toBe(200)
    const started = await startRentYear(t, committee, realClock().toISOString().slice(0, 10))
    expect(started.statusCode, started.body).toBe(201)
    expect((await send(t, committee, 'DELETE', '/api/plots/R4/tenants/owen')).statusCode).toBe(200)
    await createPerson(t, committee, 'wes', { lastName: 'Waiting', onWaitingList: true })
    // An entry about another record that names Lena: the run's one reading of the log finds it.
    await logEvent(
      t.db,
      { methodName: 'updatePlot', eventCollection: 'plots', docId: 'R1', userName: 'level3' },
      { description: 'Ada Leaver left the gate open', tenant: 'lena', email: 'lena@example.org' },
    )
    const enquiry = await send(t, undefined, 'POST', '/api/contact', {
      name: 'Enid Enquirer',
      email: 'enid@example.org',
      enquiry: 'Do you have any half plots?',
    })
    expect(enquiry.statusCode, enquiry.body).toBe(201)
    expect((await t.signIn('level3', 'not-the-password')).statusCode).toBe(401)
  })
  afterAll(() => t.close())

  it('proposes the periods, and runs nothing until an administrator saves them', async () => {
    const periods = await send(t, undefined, 'GET', '/api/privacy')
    expect(periods.json()).toEqual(DEFAULT_PRIVACY_SETTINGS)
    expect((await due()).nextRun).toBeNull()
    expect(await pendingRuns()).toEqual([])

    const refused = await send(t, committee, 'PUT', '/api/privacy/settings', {
      ...DEFAULT_PRIVACY_SETTINGS,
      version: 0,
    })
    expect(refused.statusCode).toBe(403)
    const bad = await send(t, admin, 'PUT', '/api/privacy/settings', {
      ...DEFAULT_PRIVACY_SETTINGS,
      leaverYears: 0,
      version: 0,
    })
    expect(bad.statusCode).toBe(400)
    expect(await pendingRuns()).toEqual([])

    const mark = await lastLogId(t)
    const saved = await send(t, admin, 'PUT', '/api/privacy/settings', {
      ...DEFAULT_PRIVACY_SETTINGS,
      version: 0,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ ...DEFAULT_PRIVACY_SETTINGS, version: 1 })
    await expectOneLog(t, mark, {
      methodName: 'updatePrivacySettings',
      userName: 'level4',
      eventCollection: 'settings',
      docId: 'privacy',
    })
    const [first] = await pendingRuns()
    const today = t.app.clock.today()
    const firstDay = JSON.parse(first!.payload).date as string
    expect(firstDay >= today).toBe(true)
    expect(first!.runAt).toBe(deadlineAt(firstDay).toISOString())
    // Saving again stores no second run.
    await send(t, admin, 'PUT', '/api/privacy/settings', {
      ...DEFAULT_PRIVACY_SETTINGS,
      version: 1,
    })
    expect(await pendingRuns()).toHaveLength(1)
    expect((await due()).nextRun).toBe(today)
  })

  it('deletes failed sign-ins after 90 days, and keeps what is younger than its period', async () => {
    moveTo(91)
    expect((await due()).others.map(({ kind, count }) => [kind, count])).toEqual([
      ['signInFailures', 1],
    ])
    await runAllDue()
    expect(await count('sign_in_failures')).toBe(0)
    expect(await count('enquiries')).toBe(1)
    expect((await person('lena')).firstName).toBe('Ada')
    const [run] = await runs()
    expect(run).toMatchObject({ erased: 0, deleted: 1 })
    // The next run is the next morning's, not one for each day the site was not woken.
    const [next] = await pendingRuns()
    const tomorrow = new Date(t.app.clock.now().getTime() + DAY).toISOString().slice(0, 10)
    expect(JSON.parse(next!.payload).date).toBe(tomorrow)
  })

  it('deletes enquiries after 12 months', async () => {
    moveTo(367)
    await runAllDue()
    expect(await count('enquiries')).toBe(0)
    expect(await runs()).toHaveLength(2)
  })

  it('lists the former members falling due, and holds one back with a reason', async () => {
    moveTo(2 * 365 - 10)
    const listed = await due()
    expect(listed.people.map((p) => [p.id, p.hold, p.blockers.length > 0])).toEqual([
      ['hal', null, false],
      ['lena', null, false],
      ['owen', null, true],
    ])
    const refused = await send(t, committee, 'POST', '/api/privacy/holds', {
      personId: 'hal',
      reason: '  ',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toContain(privacyMessages.holdReasonRequired)
    const onList = await send(t, committee, 'POST', '/api/privacy/holds', {
      personId: 'wes',
      reason: 'Asked to be kept',
    })
    expect(onList.statusCode).toBe(409)
    expect(onList.json().detail).toBe(privacyMessages.notErasable)

    const mark = await lastLogId(t)
    const held = await send(t, committee, 'POST', '/api/privacy/holds', {
      personId: 'hal',
      reason: 'Disputed deposit',
    })
    expect(held.statusCode, held.body).toBe(201)
    expect(
      await expectOneLog(t, mark, {
        methodName: 'holdFromErasure',
        userName: 'level3',
        eventCollection: 'people',
        docId: 'hal',
      }),
    ).toMatchObject({ reason: 'Disputed deposit' })
    const hal = (await due()).people.find((p) => p.id === 'hal')
    expect(hal!.hold).toMatchObject({ reason: 'Disputed deposit', heldBy: 'level3' })
  })

  it('erases the former members due, once, leaving the held, the list and plot holders', async () => {
    moveTo(2 * 365 + 2)
    await runAllDue()
    const lena = await send(t, committee, 'GET', '/api/people/lena')
    expect(lena.statusCode).toBe(404)
    const names = (await send(t, committee, 'GET', '/api/people')).json() as Person[]
    expect(names.map((p) => p.lastName)).not.toContain('Leaver')
    expect((await person('hal')).lastName).toBe('Holdfast')
    expect((await person('wes')).lastName).toBe('Waiting')
    expect((await person('pat')).lastName).toBe('Plotkeeper')
    // Owing money, Owen is left, and the run does not try (and log a refusal) every morning.
    expect((await person('owen')).lastName).toBe('Owing')
    const triedOwen = await t.db.kysely
      .selectFrom('logs')
      .select('error')
      .where('methodName', '=', 'erasePerson')
      .where('docId', '=', 'owen')
      .execute()
    expect(triedOwen).toEqual([])
    const erased = await t.db.kysely
      .selectFrom('logs')
      .select(['userName', 'docId'])
      .where('methodName', '=', 'erasePerson')
      .execute()
    expect(erased).toEqual([{ userName: 'system', docId: expect.stringMatching(/^former-/) }])
    const log = JSON.stringify(await t.db.kysely.selectFrom('logs').selectAll().execute())
    for (const detail of [
      'Ada Leaver',
      'lena@example.org',
      '\\"lena\\"',
      '1 Garden Row',
      'Has the spare gate key',
    ])
      expect(log).not.toContain(detail)
    const [gate] = await t.db.kysely
      .selectFrom('logs')
      .select('value')
      .where('eventCollection', '=', 'plots')
      .where('methodName', '=', 'updatePlot')
      .execute()
    expect(JSON.parse(gate!.value)).toEqual({
      description: `${erased[0]!.docId.replace('former-', 'Former member ')} left the gate open`,
      tenant: erased[0]!.docId,
      email: erased[0]!.docId.replace('former-', 'Former member '),
    })
    expect(await t.db.kysely.selectFrom('retention_scrubs').selectAll().execute()).toEqual([])
    const allRuns = await runs()
    expect(allRuns.at(-1)).toMatchObject({ day: expect.any(String), erased: 1 })

    // Woken again the same day: nothing more is done, and one next run is waiting.
    const before = await runs()
    await runAllDue()
    expect(await runs()).toEqual(before)
    expect(await pendingRuns()).toHaveLength(1)
  })

  it('releases a hold, and the next run, woken in two instances at once, erases them once', async () => {
    const released = await send(t, committee, 'DELETE', '/api/privacy/holds/hal')
    expect(released.statusCode, released.body).toBe(200)
    const again = await send(t, committee, 'DELETE', '/api/privacy/holds/hal')
    expect(again.statusCode).toBe(409)
    moveTo(2 * 365 + 3)
    const second = await t.anotherInstance()
    try {
      await second.jobs.stop()
      second.config.clock = t.app.config.clock
      const runsBefore = (await runs()).length
      await Promise.all([runAllDue(), second.jobs.runDue()])
      expect((await send(t, committee, 'GET', '/api/people/hal')).statusCode).toBe(404)
      expect(await runs()).toHaveLength(runsBefore + 1)
      expect(await pendingRuns()).toHaveLength(1)
      const erasures = await t.db.kysely
        .selectFrom('logs')
        .select('docId')
        .where('methodName', '=', 'erasePerson')
        .where('error', '=', 'null')
        .execute()
      expect(erasures).toHaveLength(2)
    } finally {
      await second.close()
    }
  })

  it('deletes log entries older than six years', async () => {
    expect(await count('logs')).toBeGreaterThan(0)
    moveTo(6 * 366 + 30)
    const listed = await due()
    expect(listed.others.find((other) => other.kind === 'logEntries')?.count).toBeGreaterThan(0)
    await runAllDue()
    const left = await t.db.kysely.selectFrom('logs').select('methodName').execute()
    // Only the run's own entry, written now, is left.
    expect(left.map((entry) => entry.methodName)).toEqual(['applyRetention'])
  })
})
