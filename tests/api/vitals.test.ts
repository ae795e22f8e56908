import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'
import { pruneVitals } from '#server/features/vitals/service'

const record = (overrides: Record<string, unknown> = {}) => ({
  name: 'TTFB',
  value: 123.4,
  rating: 'good',
  route: '/members/plots/:id',
  ...overrides,
})

describe.each(engines)('web vitals on %s', (engine) => {
  let t: TestApp
  const report = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/vitals', payload: payload as object, headers })
  const storedRows = () => t.db.kysely.selectFrom('web_vitals').selectAll().execute()
  const summary = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/vitals/summary', headers: cookie ? { cookie } : {} })

  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('web_vitals').execute()
  })

  it('stores a valid report with 204, and nothing about who sent it', async () => {
    const cookie = await t.signInAs(2)
    const response = await report([record(), record({ name: 'CLS', value: 0.05, route: '/' })], {
      cookie,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    })
    expect(response.statusCode).toBe(204)
    const rows = await storedRows()
    expect(rows).toHaveLength(2)
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'id',
      'name',
      'rating',
      'recordedAt',
      'route',
      'value',
    ])
    expect(rows.map(({ name, value, rating, route }) => ({ name, value, rating, route }))).toEqual(
      expect.arrayContaining([record(), record({ name: 'CLS', value: 0.05, route: '/' })]),
    )
    expect(new Date(rows[0]!.recordedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('accepts twenty records in one report', async () => {
    const response = await report(Array.from({ length: 20 }, (_, i) => record({ value: i })))
    expect(response.statusCode).toBe(204)
    expect(await storedRows()).toHaveLength(20)
  })

  it.each<[string, unknown]>([
    ['an unknown metric (FID is retired)', [record({ name: 'FID' })]],
    ['a negative value', [record({ value: -1 })]],
    ['a huge value', [record({ value: 600_001 })]],
    ['a value that is not a number', [record({ value: '12' })]],
    ['an unknown rating', [record({ rating: 'great' })]],
    ['a route with a query string', [record({ route: '/members/plots?id=A12' })]],
    [
      'a route with an e-mail address',
      [record({ route: '/members/plotholders/jane@example.org' })],
    ],
    ['a full URL', [record({ route: 'https://example.org/members' })]],
    ['a route over 100 characters', [record({ route: `/${'a'.repeat(100)}` })]],
    ['a field beyond the four', [record({ userId: 'u1' })]],
    ['more than 20 records', Array.from({ length: 21 }, () => record())],
    ['an empty report', []],
    ['a single record not in an array', record()],
  ])('refuses %s with 400 problem details and stores nothing', async (_, payload) => {
    const response = await report(payload)
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json()).toMatchObject({ status: 400 })
    expect(await storedRows()).toHaveLength(0)
  })

  it('refuses a body over 8 kB with 413 before reading it', async () => {
    const body = JSON.stringify([record()]) + ' '.repeat(8 * 1024)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: body,
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(413)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(await storedRows()).toHaveLength(0)
  })

  it('sums up count and nearest-rank 75th percentile per metric and route, last 30 days only', async () => {
    const values = (name: string, route: string, list: number[]) =>
      list.map((value) => record({ name, route, value }))
    const sent = await report([
      ...values('TTFB', '/', [400, 100, 300, 200]),
      ...values('FCP', '/', [800, 100, 700, 200, 600, 300, 500, 400]),
      ...values('TTFB', '/members/plots/:id', [1234.5]),
      ...values('CLS', '/', [0.3, 0.01, 0.02]),
    ])
    expect(sent.statusCode).toBe(204)
    // An old measurement, outside the window: it must not pull the percentile up.
    await t.db.kysely
      .insertInto('web_vitals')
      .values({
        name: 'TTFB',
        value: 99_999,
        route: '/',
        rating: 'poor',
        recordedAt: '2000-01-01T00:00:00.000Z',
      })
      .execute()

    const response = await summary(await t.signInAs(4))
    expect(response.statusCode).toBe(200)
    const byKey = (r: { name: string; route: string }) => `${r.name} ${r.route}`
    const rows = (response.json() as { name: string; route: string }[]).sort((a, b) =>
      byKey(a) < byKey(b) ? -1 : 1,
    )
    expect(rows).toEqual([
      { name: 'CLS', route: '/', count: 3, p75: 0.3 },
      { name: 'FCP', route: '/', count: 8, p75: 600 },
      { name: 'TTFB', route: '/', count: 4, p75: 300 },
      { name: 'TTFB', route: '/members/plots/:id', count: 1, p75: 1234.5 },
    ])
  })

  it('shows the summary to the administrator only', async () => {
    expect((await summary()).statusCode).toBe(401)
    const committee = await summary(await t.signInAs(3))
    expect(committee.statusCode).toBe(403)
    expect(committee.headers['content-type']).toContain('application/problem+json')
    expect((await summary(await t.signInAs(4))).json()).toEqual([])
  })

  it('keeps the table bounded: drops rows past 30 days, then the oldest beyond the cap', async () => {
    const now = new Date()
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()
    await t.db.kysely
      .insertInto('web_vitals')
      .values(
        [31, 5, 4, 3, 2, 1].map((days) => ({
          name: 'LCP',
          value: days,
          route: '/',
          rating: 'good',
          recordedAt: daysAgo(days),
        })),
      )
      .execute()
    await pruneVitals(t.db, now, 3)
    const left = await storedRows()
    expect(left.map((r) => r.value).sort()).toEqual([1, 2, 3])
  })
})

describe('web vitals rate limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t.close())

  it('refuses more than 60 reports a minute from one client with 429', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/vitals',
        payload: [record()],
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true)
    expect(statuses[60]).toBe(429)
    expect(await t.db.kysely.selectFrom('web_vitals').select('id').execute()).toHaveLength(60)
  })
})
