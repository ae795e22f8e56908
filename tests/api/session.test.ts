import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recoverAdministrator } from '#server/features/accounts/administrator'
import {
  createTestApp,
  engines,
  PASSWORD,
  sessionCookie,
  type TestApp,
} from '#tests/helpers/test-app'

describe.each(engines)('sign-in and session on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())

  it('answers 401 for /api/me without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json()).toMatchObject({ status: 401, title: 'Not signed in' })
  })

  it('reads the level from the session after sign-in', async () => {
    const cookie = await t.signInAs(3, 'committee1')
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(response.json()).toEqual({
      userName: 'committee1',
      level: 3,
      email: 'committee1@example.org',
      mustChangePassword: false,
      hasRecord: false,
      sites: null,
    })
  })

  it('refuses a wrong password with 401', async () => {
    await t.signInAs(1, 'holder1')
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/username',
      payload: { username: 'holder1', password: 'wrong-password' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.cookies).toHaveLength(0)
  })

  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })

  it("ends the account's other sessions when its password is changed, and keeps this one", async () => {
    await t.createAccount('two-places', 1)
    const kept = sessionCookie(await t.signIn('two-places'))
    const other = sessionCookie(await t.signIn('two-places'))
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie: kept },
      payload: { currentPassword: PASSWORD, newPassword: 'a-fresh-unusual-passphrase' },
    })
    expect(changed.statusCode).toBe(204)
    expect((await me(other)).statusCode).toBe(401)
    expect((await me(kept)).statusCode).toBe(200)
  })

  it('ends every session of the account the recovery command resets', async () => {
    await t.createAccount('recovered', 4)
    const before = sessionCookie(await t.signIn('recovered'))
    expect((await me(before)).statusCode).toBe(200)
    expect(await recoverAdministrator(t.app, 'recovered')).toMatchObject({
      userName: 'recovered',
    })
    expect((await me(before)).statusCode).toBe(401)
  })

  // better-auth names the cookie __Secure-… when the public address is https, which a browser
  // accepts only from a secure origin: a plain-named one, set by a page on plain http or by a
  // neighbouring subdomain, must not be taken for it (and the other way round).
  it.each([
    [
      'https://allotments.example.org',
      '__Secure-better-auth.session_token',
      'better-auth.session_token',
    ],
    [
      'http://allotments.example.org',
      'better-auth.session_token',
      '__Secure-better-auth.session_token',
    ],
  ])('over %s accepts only the cookie %s', async (publicUrl, inForce, other) => {
    const served = await createTestApp(engine, { env: { PUBLIC_URL: publicUrl } })
    try {
      await served.createAccount('cookie-holder', 1)
      const cookie = sessionCookie(await served.signIn('cookie-holder'))
      const [name, value] = [
        cookie.slice(0, cookie.indexOf('=')),
        cookie.slice(cookie.indexOf('=') + 1),
      ]
      expect(name).toBe(inForce)
      const meWith = (header: string) =>
        served.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: header } })
      expect((await meWith(`${inForce}=${value}`)).statusCode).toBe(200)
      expect((await meWith(`${other}=${value}`)).statusCode).toBe(401)
    } finally {
      await served.close()
    }
  })
})
