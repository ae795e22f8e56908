import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_FAILURES } from '#server/core/auth/sign-in-guard'
import { ensureProxies } from '../../scripts/ensure-proxies.ts'
import { freePort, startServer, type TestServer } from '#tests/helpers/server-process'
import {
  directRequest,
  proxyFolder,
  startCaddy,
  startNginx,
  type Proxy,
  type ProxyPorts,
} from '#tests/helpers/proxies'

// The real server behind the real proxies of deploy/, as "Putting it online" in the README sets
// them up: HTTPS ends at the proxy, which alone is trusted (TRUSTED_PROXIES=127.0.0.1) to say who
// the client is. Each client is a loopback address of its own (127.0.0.2, 127.0.0.3…), so that
// the proxy sees them apart and names them in X-Forwarded-For.
describe('behind Caddy and nginx (deploy/), HTTPS ending at the proxy', () => {
  let server: TestServer
  const ports: ProxyPorts = { http: 0, https: 0, app: 0 }
  const folders: string[] = []
  let origin = ''

  beforeAll(async () => {
    // Installs Debian's caddy and nginx when missing, as npm test does before any test.
    if (!ensureProxies()) throw new Error('Caddy and nginx are needed (see above).')
    ports.http = await freePort()
    ports.https = await freePort()
    // Both proxies take the same ports in turn, so that the app has one public address.
    origin = `https://localhost:${ports.https}`
    server = await startServer({
      env: { TRUSTED_PROXIES: '127.0.0.1', PUBLIC_URL: origin, LOG_LEVEL: 'info' },
    })
    ports.app = server.port
  }, 300_000)

  afterAll(async () => {
    await server?.stop()
    for (const folder of [...folders, server?.dataDir])
      if (folder) fs.rmSync(folder, { recursive: true, force: true })
  })

  const database = () =>
    new Database(path.join(server.dataDir, 'allotment.sqlite'), { readonly: true })

  /** The security events of the log: which, and the client address each names. */
  function securityEvents(): { methodName: string; clientAddress: string }[] {
    const db = database()
    try {
      const rows = db
        .prepare(`select "methodName", value from logs where "eventCollection" = 'users'`)
        .all() as { methodName: string; value: string }[]
      return rows.map((row) => ({
        methodName: row.methodName,
        clientAddress: (JSON.parse(row.value) as { clientAddress: string }).clientAddress,
      }))
    } finally {
      db.close()
    }
  }

  const failuresFrom = (clientAddress: string) =>
    securityEvents().filter(
      (event) => event.methodName === 'signInFailed' && event.clientAddress === clientAddress,
    ).length

  const signInBody = (password: string) => ({ username: 'admin', password })

  describe.each([
    { name: 'Caddy', start: startCaddy, stranger: '127.0.0.2', owner: '127.0.0.3' },
    { name: 'nginx', start: startNginx, stranger: '127.0.0.12', owner: '127.0.0.13' },
  ])('$name', ({ name, start, stranger, owner }) => {
    let proxy: Proxy

    beforeAll(async () => {
      const folder = proxyFolder(name)
      folders.push(folder)
      proxy = await start(ports, folder)
    }, 60_000)

    afterAll(() => proxy?.stop())

    // A browser on the page sends its origin with every sign-in.
    const signIn = (from: string, password: string, headers: Record<string, string> = {}) =>
      proxy.request({
        from,
        method: 'POST',
        path: '/api/auth/sign-in/username',
        headers: { origin, ...headers },
        body: signInBody(password),
      })

    it('signs in over HTTPS with a Secure session cookie, recorded with the client address', async () => {
      const answer = await signIn(owner, server.adminPassword)
      expect(answer.status).toBe(200)
      const cookie = (answer.headers['set-cookie'] ?? []).find((c) =>
        c.startsWith('__Secure-better-auth.session_token='),
      )
      expect(cookie).toMatch(/; Secure(;|$)/)
      expect(cookie).toMatch(/; HttpOnly(;|$)/)
      expect(answer.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      )

      const me = await proxy.request({
        from: owner,
        path: '/api/me',
        headers: { cookie: cookie!.split(';')[0]! },
      })
      expect(me.status).toBe(200)
      expect(JSON.parse(me.body)).toMatchObject({ userName: 'admin' })

      // The session, the security event and the request log name the client, not the proxy.
      const db = database()
      try {
        const sessions = db.prepare('select "ipAddress" from session').all() as {
          ipAddress: string
        }[]
        expect(sessions.map((s) => s.ipAddress)).toContain(owner)
        expect(sessions.map((s) => s.ipAddress)).not.toContain('127.0.0.1')
      } finally {
        db.close()
      }
      expect(securityEvents()).toContainEqual({ methodName: 'signIn', clientAddress: owner })
      await expect.poll(() => server.output()).toContain(`"remoteAddress":"${owner}"`)
    })

    it('sends a plain http:// request on to https://', async () => {
      const answer = await proxy.plainRequest({ from: owner, path: '/login' })
      expect([301, 308]).toContain(answer.status)
      expect(answer.headers.location).toMatch(/^https:\/\/localhost(:\d+)?\/login$/)
    })

    it(`locks out the client that failed ${MAX_FAILURES} times, not the owner at another address`, async () => {
      for (let i = 0; i < MAX_FAILURES; i++)
        expect((await signIn(stranger, `wrong-guess-${i}`)).status).toBe(401)
      expect((await signIn(stranger, server.adminPassword)).status).toBe(429)
      expect(failuresFrom(stranger)).toBe(MAX_FAILURES)
      expect(securityEvents()).toContainEqual({
        methodName: 'signInLockedOut',
        clientAddress: stranger,
      })

      expect((await signIn(owner, server.adminPassword)).status).toBe(200)
    })

    it('takes no X-Forwarded-For from a client: the locked-out one stays locked out', async () => {
      const forged = await signIn(stranger, server.adminPassword, {
        'x-forwarded-for': '198.51.100.7',
        forwarded: 'for=198.51.100.7',
      })
      expect(forged.status).toBe(429)
    })
  })

  describe('a client connecting to the app directly, not through the proxy', () => {
    const signInDirectly = (from: string, password: string, forgedAddress: string) =>
      directRequest(ports.app, {
        from,
        method: 'POST',
        path: '/api/auth/sign-in/username',
        headers: { origin, 'x-forwarded-for': forgedAddress, 'x-forwarded-proto': 'https' },
        body: signInBody(password),
      })

    it('is not believed when it names another client: the locked-out one stays locked out', async () => {
      const answer = await signInDirectly('127.0.0.2', server.adminPassword, '198.51.100.7')
      expect(answer.status).toBe(429)
    })

    it("cannot lock the owner's address out by naming it", async () => {
      for (let i = 0; i < MAX_FAILURES; i++)
        expect((await signInDirectly('127.0.0.4', `wrong-guess-${i}`, '127.0.0.3')).status).toBe(
          401,
        )
      expect(failuresFrom('127.0.0.4')).toBe(MAX_FAILURES)
      expect(failuresFrom('127.0.0.3')).toBe(0)
      expect((await signInDirectly('127.0.0.3', server.adminPassword, '127.0.0.4')).status).toBe(
        200,
      )
    })
  })
})
