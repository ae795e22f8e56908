import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NewLogRow } from '#server/core/db/schema'
import { LOG_SORT_COLUMNS } from '#shared/domain/log-sort'
import { logEntrySchema, type LogEntry, type LogPage } from '#shared/schemas/logs'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

const METHODS = ['createPerson', 'updatePlot', 'deletePerson', 'addPlotToPerson']
const USERS = ['alice', 'bob', 'carol']
const REFUSED = JSON.stringify({ status: 422, message: 'Only four tenants allowed per plot' })
const FAILED = JSON.stringify({ message: 'The change failed on the server.' })

// 23 entries with repeated time stamps, names and errors, so every sort needs its id tiebreak.
const rows: NewLogRow[] = Array.from({ length: 23 }, (_, i) => ({
  timeStamp: `2024-03-${String(1 + ((i * 7) % 20)).padStart(2, '0')}T10:00:00.000Z`,
  userName: USERS[i % USERS.length]!,
  methodName: METHODS[i % METHODS.length]!,
  eventCollection: i % 2 ? 'plots' : 'people',
  docId: `doc${i}`,
  value: JSON.stringify({ id: `doc${i}`, nested: { index: i } }),
  error: i % 5 === 0 ? REFUSED : i % 7 === 0 ? FAILED : 'null',
}))

type Column = (typeof LOG_SORT_COLUMNS)[number]

function expectedIds(all: LogEntry[], column: Column, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1
  return [...all]
    .sort((a, b) => {
      const x = a[column]
      const y = b[column]
      return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id)
    })
    .map((entry) => entry.id)
}

describe.each(engines)('activity log API on %s', (engine) => {
  let t: TestApp
  let admin: string
  let committee: string
  let all: LogEntry[]

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'admin1')
    // Signing in is logged too: done before the log is set to the rows the tests expect.
    committee = await t.signInAs(3, 'committee1')
    await t.db.kysely.deleteFrom('logs').execute()
    await t.db.kysely.insertInto('logs').values(rows).execute()
    // A row names the sites it touched ('' here: none), which the log answers as ids.
    all = (await t.db.kysely.selectFrom('logs').selectAll().execute()).map(
      ({ siteIds: _, ...row }) => logEntrySchema.parse({ ...row, sites: [] }),
    )
  })
  afterAll(() => t.close())

  it('answers 401 without a session and 403 below level 4', async () => {
    expect((await get('/api/logs')).statusCode).toBe(401)
    expect((await get(`/api/logs/${all[0]!.id}`)).statusCode).toBe(401)
    const list = await get('/api/logs', committee)
    expect(list.statusCode).toBe(403)
    expect(list.json()).toMatchObject({ status: 403, title: 'Not allowed' })
    expect((await get(`/api/logs/${all[0]!.id}`, committee)).statusCode).toBe(403)
  })

  it('starts newest first with the total count', async () => {
    const response = await get('/api/logs', admin)
    expect(response.statusCode).toBe(200)
    const page = response.json<LogPage>()
    expect(page).toMatchObject({ total: 23, page: 1, pageSize: 50 })
    expect(page.entries.map((e) => e.id)).toEqual(expectedIds(all, 'timeStamp', 'desc'))
    expect(Object.keys(page.entries[0]!).sort()).toEqual(
      [
        'docId',
        'error',
        'eventCollection',
        'id',
        'methodName',
        'sites',
        'timeStamp',
        'userName',
        'value',
      ].sort(),
    )
  })

  for (const column of LOG_SORT_COLUMNS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts by ${column} ${order} and pages on the server`, async () => {
        const seen: number[] = []
        for (let page = 1; page <= 5; page++) {
          const response = await get(
            `/api/logs?sort=${column}&order=${order}&page=${page}&pageSize=5`,
            admin,
          )
          expect(response.statusCode).toBe(200)
          const body = response.json<LogPage>()
          expect(body).toMatchObject({ total: 23, page, pageSize: 5 })
          expect(body.entries).toHaveLength(page < 5 ? 5 : 3)
          seen.push(...body.entries.map((e) => e.id))
        }
        expect(seen).toEqual(expectedIds(all, column, order))
      })
    }
  }

  it('gives each column its default order when none is asked for', async () => {
    const byUser = (await get('/api/logs?sort=userName&pageSize=200', admin)).json<LogPage>()
    expect(byUser.entries.map((e) => e.id)).toEqual(expectedIds(all, 'userName', 'asc'))
  })

  it('answers an empty page past the end, and refuses bad paging', async () => {
    const past = (await get('/api/logs?page=9&pageSize=5', admin)).json<LogPage>()
    expect(past).toMatchObject({ entries: [], total: 23, page: 9 })
    expect((await get('/api/logs?pageSize=201', admin)).statusCode).toBe(400)
    expect((await get('/api/logs?page=0', admin)).statusCode).toBe(400)
    expect((await get('/api/logs?sort=value', admin)).statusCode).toBe(400)
    expect((await get('/api/logs?order=up', admin)).statusCode).toBe(400)
  })

  it('returns one entry by id, and 404 for a missing one', async () => {
    const entry = all.find((e) => e.error === REFUSED)!
    const response = await get(`/api/logs/${entry.id}`, admin)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(entry)
    const missing = await get('/api/logs/999999', admin)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ detail: 'That log entry does not exist.' })
    expect((await get('/api/logs/abc', admin)).statusCode).toBe(400)
  })
})
