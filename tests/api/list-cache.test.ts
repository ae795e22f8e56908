import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plotInput as plot } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

describe.each(engines)('cached lists on %s', (engine) => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp(engine)
    cookie = await t.signInAs(3)
    await t.app.inject({
      method: 'POST',
      url: '/api/plots',
      headers: { cookie },
      payload: plot('01'),
    })
  })
  afterAll(() => t.close())

  const list = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/plots', headers: { cookie, ...headers } })

  it('answers 304 to a browser that already has the current list', async () => {
    const first = await list()
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^".+"$/)
    const again = await list({ 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('shows a change at once: a write gives the list a new version', async () => {
    const before = await list()
    await t.app.inject({
      method: 'POST',
      url: '/api/plots',
      headers: { cookie },
      payload: plot('02'),
    })
    const after = await list({ 'if-none-match': before.headers.etag as string })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.json().map((p: { id: string }) => p.id)).toEqual(['01', '02'])
  })

  it('sends the same list gzipped to clients that accept it', async () => {
    const plain = await list()
    const zipped = await list({ 'accept-encoding': 'gzip, br' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body)
  })

  it('counts a new log entry at once, though the count is kept between writes', async () => {
    const admin = await t.signInAs(4)
    const total = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/logs', headers: { cookie: admin } })).json()
        .total as number
    const before = await total()
    expect(await total()).toBe(before)
    await t.app.inject({
      method: 'POST',
      url: '/api/plots',
      headers: { cookie },
      payload: plot('03'),
    })
    expect(await total()).toBe(before + 1)
  })

  it('keys the cache by the query the route understood: junk parameters do not grow it', async () => {
    const admin = await t.signInAs(4, 'cache-admin')
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } })
    const reference = await get('/api/people?status=plotholders')
    const kept = t.app.sendList.size()
    for (let i = 0; i < 300; i++) {
      const junk = await get(`/api/people?status=plotholders&junk=${i}&x${i}=y`)
      expect(junk.statusCode).toBe(200)
      expect(junk.headers.etag).toBe(reference.headers.etag)
    }
    for (let i = 0; i < 50; i++) await get(`/api/logs?page=1&pad${i}=1`)
    expect(t.app.sendList.size()).toBeLessThanOrEqual(kept + 1)
  })

  // Personal data must not stay in a browser's disk cache after signing out, so those lists are
  // never stored; a client that kept a copy some other way can still revalidate it with the ETag.
  it('sends no-store with the lists of personal data, and private, no-cache with the others', async () => {
    const admin = await t.signInAs(4, 'cache-header-admin')
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: admin, ...headers } })
    for (const url of [
      '/api/people?status=plotholders',
      '/api/people?status=waitinglist',
      '/api/logs',
    ]) {
      const first = await get(url)
      expect(first.statusCode, url).toBe(200)
      expect(first.headers['cache-control'], url).toBe('no-store')
      const again = await get(url, { 'if-none-match': first.headers.etag as string })
      expect(again.statusCode, url).toBe(304)
      expect(again.headers['cache-control'], url).toBe('no-store')
    }
    for (const url of ['/api/plots', '/api/news', '/api/news/all', '/api/site']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('private, no-cache')
    }
  })
})
