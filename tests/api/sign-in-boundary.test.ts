import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, engines, PASSWORD, type TestApp } from '#tests/helpers/test-app'
import { FORWARDED_HEADERS, hostileRequests } from '#tests/helpers/hostile-headers'
import { plotInput } from '#tests/helpers/records'

// The sign-in boundary (issue 11): requests to the auth library are built from the configured
// address and a fixed list of endpoints, never from request headers.

const EXPOSED = new Set([
  'POST /sign-in/username',
  'POST /sign-out',
  'POST /revoke-sessions',
  'GET /get-session',
])

describe.each(engines)('the sign-in boundary on %s', (engine) => {
  let t: TestApp
  let mallory: string
  let malloryId: string

  const inject = (
    method: string,
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method: method as 'POST', url, headers, ...(payload ? { payload } : {}) })
  const userRow = (id: string) =>
    t.db.kysely.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  beforeAll(async () => {
    t = await createTestApp(engine)
    await t.createAccount('boss', 4)
    mallory = await t.signInAs(3, 'mallory')
    malloryId = (
      await t.db.kysely
        .selectFrom('user')
        .select('id')
        .where('username', '=', 'mallory')
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(() => t.close())

  it('refuses a Host header that carries a path, and runs no other endpoint through it', async () => {
    const before = await userRow(malloryId)
    for (const { host, origin } of hostileRequests) {
      const response = await inject(
        'POST',
        '/api/auth/sign-out',
        { host, origin, cookie: mallory },
        {
          name: 'boss',
          displayUsername: 'boss',
          image: 'https://evil.example/x.png',
        },
      )
      expect(response.statusCode, `${host}: ${response.body}`).toBe(400)
      expect(response.json().detail).toBe(
        'The Host header must be a plain host name with an optional port.',
      )
    }
    const after = await userRow(malloryId)
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null })
    expect((await inject('GET', '/api/me', { cookie: mallory })).json().userName).toBe('mallory')
  })

  it('refuses a session cookie whose token or signature was altered, after the genuine one was used', async () => {
    expect((await inject('GET', '/api/me', { cookie: mallory })).statusCode).toBe(200)
    const [name, value] = mallory.split('=') as [string, string]
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string]
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1)
    for (const altered of [`${flip(token)}.${signature}`, `${token}.${flip(signature)}`, token]) {
      const response = await inject('GET', '/api/me', {
        cookie: `${name}=${encodeURIComponent(altered)}`,
      })
      expect(response.statusCode, altered).toBe(401)
    }
    expect((await inject('GET', '/api/me', { cookie: mallory })).statusCode).toBe(200)
  })

  it('cannot create an account through the auth library, whatever the headers', async () => {
    for (const route of [
      '/api/auth/sign-out',
      '/api/auth/revoke-sessions',
      '/api/auth/sign-in/username',
    ]) {
      const host = 'localhost:3000/api/auth/sign-up/email?'
      const response = await inject(
        'POST',
        route,
        { host, origin: `http://${host}` },
        {
          username: 'sneaky',
          password: '12345678',
          email: 'sneaky@example.org',
          name: 'sneaky',
        },
      )
      expect(response.statusCode, `${route}: ${response.body}`).toBe(400)
    }
    for (const headers of [{}, FORWARDED_HEADERS]) {
      const direct = await inject('POST', '/api/auth/sign-up/email', headers, {
        email: 'sneaky@example.org',
        password: '12345678',
        name: 'sneaky',
        username: 'sneaky',
      })
      expect(direct.statusCode).toBe(404)
    }
    const sneaky = await t.db.kysely
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'sneaky@example.org')
      .execute()
    expect(sneaky).toEqual([])
  })

  it('answers 404 for every better-auth endpoint it does not expose, plain or with hostile headers', async () => {
    const endpoints = Object.values(
      t.app.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    )
      .filter((endpoint) => endpoint.path)
      .flatMap((endpoint) =>
        [endpoint.options?.method ?? 'GET']
          .flat()
          .map((method) => ({ method, path: endpoint.path! })),
      )
    const hidden = endpoints.filter(({ method, path }) => !EXPOSED.has(`${method} ${path}`))
    expect(hidden.length).toBeGreaterThan(25)
    for (const { method, path } of hidden) {
      const url = `/api/auth${path.replace(/:(\w+)/g, 'x')}`
      for (const headers of [{}, FORWARDED_HEADERS]) {
        const response = await inject(
          method,
          url,
          { ...headers, cookie: mallory },
          method === 'GET' ? undefined : {},
        )
        expect(response.statusCode, `${method} ${url}`).toBe(404)
      }
      // A foreign page's write is refused before routing; a read still finds nothing.
      const foreign = await inject(
        method,
        url,
        { ...FORWARDED_HEADERS, origin: 'http://evil.example', cookie: mallory },
        method === 'GET' ? undefined : {},
      )
      expect(foreign.statusCode, `${method} ${url} from a foreign origin`).toBe(
        method === 'GET' ? 404 : 403,
      )
    }
  })

  it('refuses a forged Origin that matches a forged Host: only the configured origin counts', async () => {
    const host = 'evil.example:3000'
    const forged = await inject(
      'POST',
      '/api/contact',
      { host, origin: `http://${host}` },
      {
        name: 'X',
        email: 'x@example.org',
        enquiry: 'hi',
      },
    )
    expect(forged.statusCode).toBe(403)
    expect(forged.json().detail).toBe('Cross-site requests are refused.')
    const own = await inject(
      'POST',
      '/api/contact',
      { origin: 'http://localhost:3000' },
      {
        name: 'X',
        email: 'x@example.org',
        enquiry: 'hi',
      },
    )
    expect(own.statusCode).toBe(201)
  })

  it('keeps the immutable user name in the log, /api/me and the accounts list, whatever the display name', async () => {
    // The display name is better-auth's editable field; set it as a successful attack would have.
    await t.db.kysely
      .updateTable('user')
      .set({ displayUsername: 'boss', name: 'boss' })
      .where('id', '=', malloryId)
      .execute()
    const created = await inject(
      'POST',
      '/api/plots',
      { cookie: mallory },
      plotInput('Immutable', { description: 'x', distance: 1, fee: 1 }),
    )
    expect(created.statusCode).toBe(201)
    const entry = await t.db.kysely
      .selectFrom('logs')
      .select('userName')
      .where('methodName', '=', 'createPlot')
      .where('docId', '=', 'Immutable')
      .executeTakeFirstOrThrow()
    expect(entry.userName).toBe('mallory')
    expect((await inject('GET', '/api/me', { cookie: mallory })).json().userName).toBe('mallory')
    const admin = await t.signInAs(4, 'lister')
    const accounts = (await inject('GET', '/api/accounts', { cookie: admin })).json() as Array<{
      id: string
      userName: string
    }>
    expect(accounts.find((a) => a.id === malloryId)?.userName).toBe('mallory')
  })

  it('answers an anonymous write with 401 before validating it', async () => {
    for (const [method, url] of [
      ['POST', '/api/people'],
      ['PUT', '/api/plots/none'],
      ['POST', '/api/account/password'],
      ['PUT', '/api/accounts/x/level'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"not": "valid',
      })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
      expect(response.json().detail).toBe('Please sign in.')
    }
  })

  it('sends Cache-Control: no-store with personal data', async () => {
    const admin = await t.signInAs(4, 'lister')
    await inject(
      'POST',
      '/api/people',
      { cookie: admin },
      {
        id: 'private',
        firstName: 'Pat',
        lastName: 'Private',
        dateJoined: '2020-01-01',
        joinedWaitingList: '2020-01-01',
        address: '1 Lane',
        phoneNumber: '0123',
        email: 'p@example.org',
        altEmail: '',
        onWaitingList: false,
      },
    )
    for (const url of ['/api/me', '/api/accounts', '/api/enquiries', '/api/people/private']) {
      const response = await inject('GET', url, { cookie: admin })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
  })

  it('refuses line breaks in the contact form name, and stores nothing', async () => {
    const count = async () =>
      (await t.db.kysely.selectFrom('enquiries').select('id').execute()).length
    const before = await count()
    for (const name of [
      'Eve\r\nBcc: victim@example.org',
      'Eve\nFrom: boss@example.org',
      'Eve\rX',
    ]) {
      const response = await inject(
        'POST',
        '/api/contact',
        {},
        { name, email: 'eve@example.org', enquiry: 'hello' },
      )
      expect(response.statusCode).toBe(400)
      expect(response.json().detail).toBe('Your name must fit on one line.')
    }
    expect(await count()).toBe(before)
  })

  it('lets a committee member manage only accounts below their own level', async () => {
    const peerId = await t.createAccount('peer', 3)
    const growerId = await t.createAccount('grower', 1)
    const level = (id: string, value: number) =>
      inject('PUT', `/api/accounts/${id}/level`, { cookie: mallory }, { level: value })
    const disable = (id: string) =>
      inject('PUT', `/api/accounts/${id}/disabled`, { cookie: mallory }, { disabled: true })
    for (const response of [await level(peerId, 1), await disable(peerId)]) {
      expect(response.statusCode).toBe(403)
      expect(response.json().detail).toBe('You may only manage accounts below your own level.')
    }
    expect((await userRow(peerId)).level).toBe(3)
    expect(Boolean((await userRow(peerId)).disabled)).toBe(false)
    expect((await level(growerId, 2)).statusCode).toBe(200)
    expect((await disable(growerId)).statusCode).toBe(200)
  })

  it('ignores X-Forwarded-For: the lockout and the log use the socket address', async () => {
    await t.createAccount('victim', 1)
    const attempt = (password: string, forwardedFor: string) =>
      inject(
        'POST',
        '/api/auth/sign-in/username',
        { 'x-forwarded-for': forwardedFor },
        { username: 'victim', password },
      )
    for (let i = 0; i < 12; i++) await attempt(`guess-${i}`, `198.51.100.${i}`)
    const rows = await t.db.kysely
      .selectFrom('sign_in_failures')
      .selectAll()
      .where('userName', '=', 'victim')
      .execute()
    expect(rows.map((r) => r.clientAddress)).toEqual(['127.0.0.1'])
    expect((await attempt(PASSWORD, '198.51.100.200')).statusCode).toBe(429)
  })
})
