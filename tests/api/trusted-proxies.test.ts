import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/core/config'
import { createTestApp, engines, PASSWORD, type TestApp } from '#tests/helpers/test-app'

const PROXY = '10.0.0.1'
const PROXY_IN_RANGE = '192.0.2.7'

// Behind the proxies of TRUSTED_PROXIES each client is held to its own limits and named in the
// log and its session by the address the proxy gives; no one else can name an address.
// tests/api/behind-a-proxy.test.ts does the same through the real Caddy and nginx.
describe.each(engines)('the client address behind a trusted proxy (%s)', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: {
        TRUSTED_PROXIES: `${PROXY}, 192.0.2.0/24`,
        SIGN_IN_LIMIT: '3',
        CONTACT_LIMIT: '2',
      },
    })
    await t.createAccount('grower', 1)
  })
  afterAll(() => t.close())

  /** A request as a proxy at `proxy` passes it on, with the X-Forwarded-For it sets. */
  const via = (proxy: string, forwardedFor: string, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' },
      payload,
    })

  const signIn = (proxy: string, client: string, password: string) =>
    via(proxy, client, '/api/auth/sign-in/username', { username: 'grower', password })

  // The account's creation (auth.api, no request) starts a session with no address.
  const sessionAddresses = async () =>
    (await t.db.kysely.selectFrom('session').select('ipAddress').execute())
      .map((s) => s.ipAddress)
      .filter(Boolean)

  /** The client address of each security event of the kind, oldest first. */
  const addressesOf = async (methodName: string) => {
    const rows = await t.db.kysely
      .selectFrom('logs')
      .select('value')
      .where('methodName', '=', methodName)
      .orderBy('id')
      .execute()
    return rows.map((row) => (JSON.parse(row.value) as { clientAddress: string }).clientAddress)
  }

  it('holds each client to its own sign-in and enquiry limits', async () => {
    const attempts = []
    for (let i = 0; i < 4; i++) attempts.push(await signIn(PROXY, '198.51.100.1', `wrong-${i}`))
    expect(attempts.map((a) => a.statusCode)).toEqual([401, 401, 401, 429])
    // Another client behind a proxy of the trusted range signs in.
    expect((await signIn(PROXY_IN_RANGE, '198.51.100.2', PASSWORD)).statusCode).toBe(200)

    const enquiry = { name: 'A', email: 'a@example.org', enquiry: 'Hello' }
    const sent = []
    for (let i = 0; i < 3; i++) sent.push(await via(PROXY, '198.51.100.1', '/api/contact', enquiry))
    expect(sent.map((s) => s.statusCode)).toEqual([201, 201, 429])
    expect((await via(PROXY, '198.51.100.2', '/api/contact', enquiry)).statusCode).toBe(201)
  })

  it('names the client in the security events and the session, not the proxy', async () => {
    expect(await addressesOf('signInFailed')).toEqual(Array(3).fill('198.51.100.1'))
    expect(await addressesOf('signIn')).toEqual(['198.51.100.2'])
    expect(await sessionAddresses()).toEqual(['198.51.100.2'])
  })

  it('takes the address the trusted proxy saw, not those a client put before it', async () => {
    // The client sent X-Forwarded-For: 203.0.113.66 and the proxy added the address it saw.
    const answer = await signIn(PROXY, '203.0.113.66, 198.51.100.3', PASSWORD)
    expect(answer.statusCode).toBe(200)
    expect((await addressesOf('signIn')).at(-1)).toBe('198.51.100.3')
  })

  it('believes no X-Forwarded-For from an address not trusted', async () => {
    const answer = await signIn('198.51.100.99', '198.51.100.2', PASSWORD)
    expect(answer.statusCode).toBe(200)
    expect((await addressesOf('signIn')).at(-1)).toBe('198.51.100.99')
  })
})

describe('without TRUSTED_PROXIES', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    await t.createAccount('grower', 1)
  })
  afterAll(() => t.close())

  it('takes the address of the connection, whatever X-Forwarded-For says', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/username',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.2' },
      payload: { username: 'grower', password: PASSWORD },
    })
    expect(answer.statusCode).toBe(200)
    const sessions = await t.db.kysely.selectFrom('session').select('ipAddress').execute()
    expect(sessions.map((s) => s.ipAddress).filter(Boolean)).toEqual([PROXY])
  })
})

describe('the TRUSTED_PROXIES setting', () => {
  it('takes addresses and ranges, IPv4 and IPv6, separated by commas', () => {
    const config = loadConfig({ TRUSTED_PROXIES: '127.0.0.1, ::1,10.0.0.0/8 , fd00::/8' })
    expect(config.trustedProxies).toEqual(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8'])
    expect(loadConfig({}).trustedProxies).toEqual([])
  })

  it.each(['localhost', '10.0.0.0/33', '10.0.0.1/8/8', '300.1.1.1', 'fd00::/129'])(
    'stops the start on %s, naming the setting',
    (entry) => {
      expect(() => loadConfig({ TRUSTED_PROXIES: `127.0.0.1,${entry}` })).toThrow(
        `TRUSTED_PROXIES: ${entry} is neither an address nor a range such as 10.0.0.0/8.`,
      )
    },
  )
})
