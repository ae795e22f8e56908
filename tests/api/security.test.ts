import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, PASSWORD, sessionCookie, type TestApp } from '#tests/helpers/test-app'
import { startServer } from '#tests/helpers/server-process'
import { MAX_FAILURES } from '#server/core/auth/sign-in-guard'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/core/config'

describe('sessions and browser security', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    await t.createAccount('sam', 3)
  })
  afterAll(() => t.close())

  it('sends the security headers on pages and API answers', async () => {
    for (const url of ['/', '/api/site']) {
      const { headers } = await t.app.inject({ method: 'GET', url })
      const csp = String(headers['content-security-policy'])
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('same-origin')
      expect(headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/)
    }
  })

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, not Secure over plain http', async () => {
    const response = await t.signIn('sam')
    const raw = String(response.headers['set-cookie'])
    expect(raw).toMatch(/HttpOnly/)
    expect(raw).toMatch(/SameSite=Lax/)
    expect(raw).toMatch(/Path=\//)
    expect(raw).not.toMatch(/Secure/)
  })

  it('marks the cookie Secure when the app is served over https', async () => {
    const secure = await createTestApp('sqlite', {
      env: { PUBLIC_URL: 'https://allotments.example.org' },
    })
    try {
      await secure.createAccount('sue', 1)
      const response = await secure.signIn('sue')
      expect(String(response.headers['set-cookie'])).toMatch(/Secure/)
    } finally {
      await secure.close()
    }
  })

  it('gives the same answer for an unknown user name and a wrong password', async () => {
    const unknown = await t.signIn('nobody-here', 'whatever-password')
    const wrong = await t.signIn('sam', 'wrong-password')
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json().detail).toBe(wrong.json().detail)
  })

  it('issues a new session on every sign-in, and sign-out ends it', async () => {
    const first = sessionCookie(await t.signIn('sam'))
    const second = sessionCookie(await t.signIn('sam'))
    expect(first).not.toBe(second)
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: second } })
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: second } }))
        .statusCode,
    ).toBe(401)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: first } }))
        .statusCode,
    ).toBe(200)
  })

  it('signs out everywhere', async () => {
    const phone = sessionCookie(await t.signIn('sam'))
    const laptop = sessionCookie(await t.signIn('sam'))
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { cookie: phone },
      payload: {},
    })
    expect(revoked.statusCode).toBe(200)
    for (const cookie of [phone, laptop]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode,
      ).toBe(401)
    }
  })

  it('ends a session that has been idle too long, and any session after its absolute limit', async () => {
    const idle = sessionCookie(await t.signIn('sam'))
    const old = sessionCookie(await t.signIn('sam'))
    const tokenValue = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!
    await t.db.kysely
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', tokenValue(idle))
      .execute()
    await t.db.kysely
      .updateTable('session')
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('token', '=', tokenValue(old))
      .execute()
    for (const cookie of [idle, old]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode,
      ).toBe(401)
    }
  })

  it("locks out the client that keeps failing, not the account's owner on another client", async () => {
    await t.createAccount('target', 1)
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/username',
        remoteAddress,
        payload: { username: 'target', password },
      })
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await from('198.51.100.7', `guess-${i}`)).statusCode).toBe(401)
    const locked = await from('198.51.100.7', PASSWORD)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().detail).toMatch(/^Too many attempts\. Try again in (8\d\d|900) seconds\.$/)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800)
    // The owner, from a client that has not failed, signs in; their success does not unlock the stranger.
    expect((await from('203.0.113.20', PASSWORD)).statusCode).toBe(200)
    expect((await from('198.51.100.7', PASSWORD)).statusCode).toBe(429)
  })

  it.each([
    ['short7!', 'The password must be at least 8 characters long.'],
    ['x'.repeat(129), 'The password must be at most 128 characters long.'],
    ['password123', 'This password is too common. Choose one that is harder to guess.'],
    ['Sunshine1', 'This password is too common. Choose one that is harder to guess.'],
  ])('refuses the password %s at registration', async (password, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { userName: 'pwtest', level: 1, email: 'pwtest@example.org', password },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(message)
  })

  it('accepts a 128-character password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        userName: 'longpw',
        level: 1,
        email: 'longpw@example.org',
        password: 'kq7'.repeat(42) + 'zz',
      },
    })
    expect(response.statusCode).toBe(201)
  })

  it('refuses state-changing requests from a foreign origin', async () => {
    const cookie = sessionCookie(await t.signIn('sam'))
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example', cookie },
      payload: { name: 'X', email: 'x@example.org', enquiry: 'hi' },
    })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().detail).toBe('Cross-site requests are refused.')
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: 'X', email: 'x@example.org', enquiry: 'hi' },
    })
    expect(own.statusCode).toBe(201)
  })
})

// A link's token is as good as a password while it works (confirming an application, answering
// an offer, the yearly question): the log keeps where a request went, never its query.
describe('the server log', () => {
  it('records the path of a request without its query string', async () => {
    const server = await startServer({ env: { LOG_LEVEL: 'info' } })
    try {
      for (const address of [
        '/apply/confirm?token=SECRET-apply',
        '/letting/answer?token=SECRET-offer&x=1',
        '/api/site?token=SECRET-api',
        '/api/no-such-route?token=SECRET-missing',
      ])
        await fetch(`${server.url}${address}`)
    } finally {
      await server.stop()
    }
    const log = server.output()
    expect(log).not.toContain('SECRET')
    for (const pathName of ['/apply/confirm', '/letting/answer', '/api/site', '/api/no-such-route'])
      expect(log).toContain(`"url":"${pathName}"`)
    fs.rmSync(server.dataDir, { recursive: true, force: true })
  }, 60_000)
})

// The build manifest tells which source file became which asset: for the bundle-budget test,
// never for visitors, however its address is spelt.
describe('the build manifest', () => {
  let app: Awaited<ReturnType<typeof buildApp>>
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-client-'))
  beforeAll(async () => {
    const clientDir = path.join(dir, 'client')
    fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true })
    fs.mkdirSync(path.join(clientDir, 'assets'))
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>home</title>')
    fs.writeFileSync(path.join(clientDir, 'members.html'), '<!doctype html><title>members</title>')
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{"MANIFEST":true}')
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)')
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    })
    app = await buildApp({ config, clientDir })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('serves the assets, and each address the page of its app (decision 23)', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/app-1234.js' })).body).toBe(
      'console.log(1)',
    )
    const page = async (url: string) => (await app.inject({ method: 'GET', url })).body
    for (const url of ['/members', '/members/', '/members/plots', '/members/plots/12?tab=1'])
      expect(await page(url), url).toContain('<title>members</title>')
    for (const url of ['/', '/about', '/apply/confirm?token=x', '/membership', '/x/members/plots'])
      expect(await page(url), url).toContain('<title>home</title>')
  })

  it.each([
    '/.vite/manifest.json',
    '//.vite/manifest.json',
    '///.vite/manifest.json',
    '/./.vite/manifest.json',
    '/assets/../.vite/manifest.json',
    '/%2e%76ite/manifest.json',
    '/%2Evite/manifest.json',
    '/.vite//manifest.json',
    '/.vite/./manifest.json',
    '/.vite/%6danifest.json',
    '/.VITE/manifest.json',
    '/.Vite/Manifest.json',
    '/.vite/manifest.json?x=1',
    '/.vite/',
  ])('refuses %s', async (url) => {
    for (const headers of [{}, { 'accept-encoding': 'gzip, br' }]) {
      const response = await app.inject({ method: 'GET', url, headers })
      expect(response.statusCode, url).toBe(404)
      expect(response.body).not.toContain('MANIFEST')
    }
  })
})
