import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitingListMessages } from '#shared/messages/waiting-list'
import { backfillWaitingListJoins } from '#server/core/db/migrations/017-waiting-order'
import { postImport } from '#tests/helpers/import'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { confirmationTokens } from '#tests/helpers/applications'
import { startSmtpServer } from '#tests/helpers/smtp'
import { csvBytes, csvFile } from '#tests/helpers/spreadsheets'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 28, part 3: one day, three ways onto the waiting list (the committee's form, an import,
// an online application), each later than the one before. The list, each person's stated place,
// the applicant's own "find my place" and the offers' order all follow the order of joining,
// whatever the nicknames, and everyone's history starts at their join.

describe.each(engines)('the waiting order across the ways of joining on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  let admin = ''
  const at = (time: string) => {
    t.app.config.clock = () => new Date(`2026-11-25T${time}:00.000Z`)
  }

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } })
    committee = await t.signInAs(3, 'order-committee')
    admin = await t.signInAs(4, 'order-admin')
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const get = (url: string) => send(t, committee, 'GET', url)
  const placeOf = async (id: string) => {
    const response = await get(`/api/people/${encodeURIComponent(id)}/waiting-list-place`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ position: number; total: number; statement: string }>()
  }
  const importPeople = (rows: string[][]) =>
    postImport(t, admin, '', { kind: 'people' }, csvFile(csvBytes(rows)))
  it('places the committee addition, the import and the application in the order they joined', async () => {
    // Zofia was on the list the day before, by a date the committee typed in (no time known).
    at('08:00')
    await createPerson(t, committee, 'zofia', {
      firstName: 'Zofia',
      lastName: 'Nowak',
      onWaitingList: true,
      joinedWaitingList: '2026-11-24',
    })
    at('09:15')
    await createPerson(t, committee, 'zara', {
      firstName: 'Zara',
      lastName: 'Quinn',
      email: 'zara@example.org',
      onWaitingList: true,
      joinedWaitingList: '2026-11-25',
    })
    at('10:00')
    const imported = await importPeople([
      ['Forename', 'Surname', 'Email', 'Waiting list'],
      ['Margaret', 'Ellison', 'margaret@example.org', 'yes'],
    ])
    expect(imported.statusCode, imported.body).toBe(200)
    // Applied at 10:20; the link followed at 10:27, when the applicant joins.
    at('10:20')
    const applied = await send(t, undefined, 'POST', '/api/apply', {
      firstName: 'Aled',
      lastName: 'Jones',
      email: 'aled@example.org',
      phoneNumber: '',
      address: '',
      note: '',
      consent: true,
    })
    expect(applied.statusCode, applied.body).toBe(201)
    const [token] = await confirmationTokens(smtp, 'aled@example.org')
    at('10:27')
    const confirmed = await send(t, undefined, 'POST', '/api/apply/confirm', { token })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const { reference } = confirmed.json<{ reference: string }>()
    expect(confirmed.json()).toMatchObject({ position: 4, total: 4 })

    const list = (await get('/api/people?status=waitinglist')).json<
      Array<{ id: string; firstName: string }>
    >()
    expect(list.map((p) => p.firstName)).toEqual(['Zofia', 'Zara', 'Margaret', 'Aled'])
    const [, , margaret, aled] = list.map((p) => p.id)

    expect(await placeOf('zofia')).toEqual({
      position: 1,
      total: 4,
      statement: 'No. 1 of 4: joined 24 November 2026, first on the list',
      places: [{ siteId: 1, siteName: expect.any(String), position: 1, total: 4 }],
    })
    expect(await placeOf('zara')).toEqual({
      position: 2,
      total: 4,
      statement: 'No. 2 of 4: joined 25 November 2026 at 09:15, after Zofia Nowak',
      places: [{ siteId: 1, siteName: expect.any(String), position: 2, total: 4 }],
    })
    expect((await placeOf(margaret!)).statement).toBe(
      'No. 3 of 4: joined 25 November 2026 at 10:00, after Zara Quinn',
    )
    expect((await placeOf(aled!)).statement).toBe(
      'No. 4 of 4: joined 25 November 2026 at 10:27, after Margaret Ellison',
    )

    const found = await send(t, undefined, 'POST', '/api/apply/position', {
      reference,
      email: 'aled@example.org',
    })
    expect(found.json()).toEqual({
      reference,
      position: 4,
      total: 4,
      places: [{ siteId: 1, siteName: expect.any(String), position: 4, total: 4 }],
    })

    const choices = (await get('/api/offers/choices')).json<{ waiting: Array<{ id: string }> }>()
    expect(choices.waiting.map((p) => p.id)).toEqual(list.map((p) => p.id))

    for (const person of list) {
      const history = (
        await get(`/api/people/${encodeURIComponent(person.id)}/waiting-list-history`)
      ).json<Array<{ event: string }>>()
      expect(history[0]?.event, person.id).toBe('joined')
    }
  })

  it('states no place for someone who is not on the list', async () => {
    await createPerson(t, committee, 'holder', { firstName: 'Hal', lastName: 'Holder' })
    const response = await get('/api/people/holder/waiting-list-place')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toBeNull()
  })
  it("dates every change of place by the server's clock, which TODAY moves", async () => {
    t.app.config.clock = () => new Date('2030-01-02T08:15:00.000Z')
    await createPerson(t, committee, 'clocked', {
      firstName: 'Cleo',
      lastName: 'Clock',
      onWaitingList: true,
    })
    await createPlot(t, committee, 'C1')
    const tenant = await send(t, committee, 'PUT', '/api/plots/C1/tenants/clocked')
    expect(tenant.statusCode, tenant.body).toBe(200)
    const moved = await send(t, committee, 'POST', '/api/people/clocked/move-to-plotholders')
    expect(moved.statusCode, moved.body).toBe(200)
    const history = (await get('/api/people/clocked/waiting-list-history')).json<
      Array<{ event: string; createdAt: string }>
    >()
    expect(history).toEqual([
      expect.objectContaining({ event: 'joined', createdAt: '2030-01-02T08:15:00.000Z' }),
      expect.objectContaining({ event: 'left', createdAt: '2030-01-02T08:15:00.000Z' }),
    ])
  })
  it('gives those already on the list without a join one, first in their history and in their order', async () => {
    const row = (id: string, joinedWaitingList: string) => ({
      id,
      firstName: id,
      lastName: 'Old',
      dateJoined: '2019-01-01',
      joinedWaitingList,
      address: '',
      phoneNumber: '',
      email: '',
      altEmail: '',
      contactBy: 'email' as const,
      isPlotHolder: 0,
      onWaitingList: 1,
      version: 1,
    })
    // As an import or a seed wrote them before joins were recorded: no event, no entry.
    await t.db.kysely
      .insertInto('people')
      .values([row('oldb', '2019-05-05'), row('olda', '2019-05-05')])
      .execute()
    await t.db.kysely
      .insertInto('waiting_places')
      .values(
        ['oldb', 'olda'].map((personId) => ({
          personId,
          siteId: 1,
          joinedWaitingList: '2019-05-05',
          joinedWaitingListAt: '',
          waitingListEntry: 0,
        })),
      )
      .execute()
    await t.db.kysely
      .insertInto('waiting_list_events')
      .values({
        personId: 'oldb',
        event: 'offered',
        reason: 'Plot 9',
        createdBy: 'committee1',
        createdAt: '2026-11-01T09:00:00.000Z',
      })
      .execute()
    const before = (await get('/api/people?status=waitinglist')).json<Array<{ id: string }>>()
    await backfillWaitingListJoins(t.db.kysely)
    const after = (await get('/api/people?status=waitinglist')).json<Array<{ id: string }>>()
    // Their old order (date, then nickname) is kept; everyone else's is untouched.
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id))
    expect(after.slice(0, 2).map((p) => p.id)).toEqual(['olda', 'oldb'])
    const history = (await get('/api/people/oldb/waiting-list-history')).json<
      Array<{ event: string; reason: string; createdAt: string }>
    >()
    expect(history).toMatchObject([
      {
        event: 'joined',
        reason: waitingListMessages.joinedBeforeHistory,
        createdAt: '2019-05-05T00:00:00.000Z',
      },
      { event: 'offered' },
    ])
    expect((await placeOf('oldb')).statement).toBe('No. 2 of 6: joined 5 May 2019, after olda Old')
  })
})
