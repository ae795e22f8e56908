import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/core/config'
import { ensureAdministrator } from '#server/features/accounts/administrator'
import {
  createTestApp,
  engines,
  PASSWORD,
  sessionCookie,
  type TestApp,
} from '#tests/helpers/test-app'

// My account, the administrator's reset, the forced change of a one-time password, the way back
// for a locked-out association, and the security events they leave in the log.

const NEW_PASSWORD = 'a-fresh-unusual-passphrase'
const root = path.resolve(import.meta.dirname, '../..')

describe.each(engines)('my account and password resets on %s', (engine) => {
  let t: TestApp

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    })
  const idOf = async (userName: string) =>
    (
      await t.db.kysely
        .selectFrom('user')
        .select('id')
        .where('username', '=', userName)
        .executeTakeFirstOrThrow()
    ).id
  const logsOf = (methodName: string) =>
    t.db.kysely
      .selectFrom('logs')
      .selectAll()
      .where('methodName', '=', methodName)
      .orderBy('id')
      .execute()

  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())

  it('changes its own password only with the current one, under the registration rules', async () => {
    const cookie = await t.signInAs(1, 'changer')
    const change = (currentPassword: string, newPassword: string) =>
      call('POST', '/api/account/password', cookie, { currentPassword, newPassword })
    for (const [current, next, message] of [
      ['not-my-password', NEW_PASSWORD, 'The current password is not right.'],
      [PASSWORD, 'short', 'The password must be at least 8 characters long.'],
      [PASSWORD, '12345678', 'This password is too common. Choose one that is harder to guess.'],
      [PASSWORD, PASSWORD, 'The new password must differ from the current one.'],
    ]) {
      const refused = await change(current!, next!)
      expect(refused.statusCode, message).toBe(400)
      expect(refused.json().detail).toBe(message)
    }
    expect((await t.signIn('changer', PASSWORD)).statusCode).toBe(200)
    expect((await change(PASSWORD, NEW_PASSWORD)).statusCode).toBe(204)
    expect((await t.signIn('changer', PASSWORD)).statusCode).toBe(401)
    expect((await t.signIn('changer', NEW_PASSWORD)).statusCode).toBe(200)
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(200)
    const entries = (await logsOf('changePassword')).filter((e) => e.userName === 'changer')
    // The short password never reached the service: the schema refused it.
    expect(entries.map((e) => (e.error === 'null' ? 'done' : JSON.parse(e.error).message))).toEqual(
      [
        'The current password is not right.',
        'This password is too common. Choose one that is harder to guess.',
        'The new password must differ from the current one.',
        'done',
      ],
    )
  })

  // Issue 42: My account is every signed-in account's, a registration still waiting at level 0
  // included; only a caller without a session is refused.
  it('lets an account waiting at level 0 change its own password and sign out elsewhere', async () => {
    const cookie = await t.signInAs(0, 'waiting')
    const changed = await call('POST', '/api/account/password', cookie, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(changed.statusCode, changed.body).toBe(204)
    expect((await t.signIn('waiting', NEW_PASSWORD)).statusCode).toBe(200)
    const others = await call('POST', '/api/account/sign-out-others', cookie, {})
    expect(others.statusCode, others.body).toBe(200)
    for (const url of ['/api/account/password', '/api/account/sign-out-others'])
      expect((await call('POST', url, undefined, {})).statusCode).toBe(401)
  })

  it('signs out its other sessions and keeps this one', async () => {
    const roamer = await t.createAccount('roamer', 2)
    await t.db.kysely.deleteFrom('session').where('userId', '=', roamer).execute()
    const phone = sessionCookie(await t.signIn('roamer', PASSWORD))
    const laptop = sessionCookie(await t.signIn('roamer', PASSWORD))
    const here = sessionCookie(await t.signIn('roamer', PASSWORD))
    const ended = await call('POST', '/api/account/sign-out-others', here, {})
    expect(ended.json()).toEqual({ signedOut: 2 })
    for (const cookie of [phone, laptop])
      expect((await call('GET', '/api/me', cookie)).statusCode).toBe(401)
    expect((await call('GET', '/api/me', here)).statusCode).toBe(200)
  })

  it("lets the administrator reset another account's password to a one-time one that must be changed", async () => {
    const admin = await t.signInAs(4, 'resetter')
    const committee = await t.signInAs(3, 'committee-member')
    await t.createAccount('forgetful', 3)
    const old = sessionCookie(await t.signIn('forgetful', PASSWORD))
    const id = await idOf('forgetful')

    expect((await call('POST', `/api/accounts/${id}/password`, committee, {})).statusCode).toBe(403)
    const own = await call('POST', `/api/accounts/${await idOf('resetter')}/password`, admin, {})
    expect(own.statusCode).toBe(403)
    const reset = await call('POST', `/api/accounts/${id}/password`, admin, {})
    expect(reset.statusCode).toBe(200)
    const { userName, password } = reset.json() as { userName: string; password: string }
    expect(userName).toBe('forgetful')
    expect(password).toMatch(/^[\w-]{16}$/)
    expect(reset.headers['cache-control']).toBe('no-store')

    expect((await call('GET', '/api/me', old)).statusCode).toBe(401)
    expect((await t.signIn('forgetful', PASSWORD)).statusCode).toBe(401)
    const signedIn = await t.signIn('forgetful', password)
    expect(signedIn.statusCode).toBe(200)
    const cookie = sessionCookie(signedIn)
    expect((await call('GET', '/api/me', cookie)).json()).toMatchObject({
      userName: 'forgetful',
      mustChangePassword: true,
    })
    for (const url of ['/api/people', '/api/plots', '/api/accounts']) {
      const blocked = await call('GET', url, cookie)
      expect(blocked.statusCode, url).toBe(403)
      expect(blocked.json().detail).toBe('Choose a new password before going on.')
    }
    expect(
      (
        await call('POST', '/api/account/password', cookie, {
          currentPassword: password,
          newPassword: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(204)
    expect((await call('GET', '/api/me', cookie)).json()).toMatchObject({
      mustChangePassword: false,
    })
    expect((await call('GET', '/api/people', cookie)).statusCode).toBe(200)

    const [entry] = (await logsOf('resetPassword')).filter((e) => e.docId === id)
    expect(entry).toMatchObject({ userName: 'resetter', eventCollection: 'users' })
    expect(JSON.parse(entry!.value)).toEqual({
      id,
      userName: 'forgetful',
      clientAddress: '127.0.0.1',
    })
  })

  it('makes the first administrator choose a new password at the first sign-in', async () => {
    const fresh = await createTestApp(engine)
    try {
      const config = loadConfig({ DATA_DIR: fresh.dataDir })
      const printed = await ensureAdministrator(fresh.db, fresh.app.auth, config)
      expect(printed?.userName).toBe('admin')
      const signedIn = await fresh.signIn('admin', printed!.password)
      const cookie = sessionCookie(signedIn)
      const me = await fresh.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
      expect(me.json()).toMatchObject({ userName: 'admin', level: 4, mustChangePassword: true })
      const logs = await fresh.app.inject({ method: 'GET', url: '/api/logs', headers: { cookie } })
      expect(logs.statusCode).toBe(403)
    } finally {
      await fresh.close()
    }
  })

  it('logs sign-ins, failures, lockouts and sign-outs with the user name and address, never a password', async () => {
    await t.createAccount('watched', 1)
    const cookie = sessionCookie(await t.signIn('watched', PASSWORD))
    for (let i = 0; i < 10; i++) await t.signIn('watched', `wrong-guess-${i}`)
    await call('POST', '/api/auth/sign-out', cookie, {})
    const events = await t.db.kysely
      .selectFrom('logs')
      .select(['methodName', 'userName', 'value'])
      .where('docId', 'in', ['watched', await idOf('watched')])
      .orderBy('id')
      .execute()
    const names = events.map((e) => e.methodName)
    expect(names[0]).toBe('signIn')
    expect(names.filter((n) => n === 'signInFailed')).toHaveLength(10)
    expect(names).toContain('signInLockedOut')
    expect(names.at(-1)).toBe('signOut')
    for (const event of events) {
      expect(event.userName).toBe('watched')
      expect(JSON.parse(event.value)).toMatchObject({ clientAddress: '127.0.0.1' })
    }
    const everything = JSON.stringify(await t.db.kysely.selectFrom('logs').selectAll().execute())
    for (const secret of [PASSWORD, NEW_PASSWORD, 'wrong-guess-3'])
      expect(everything).not.toContain(secret)
  })

  it('logs level changes and disabling with the address', async () => {
    const admin = await t.signInAs(4, 'resetter')
    const id = await t.createAccount('levelled', 0)
    await call('PUT', `/api/accounts/${id}/level`, admin, { level: 2 })
    await call('PUT', `/api/accounts/${id}/disabled`, admin, { disabled: true })
    await call('PUT', `/api/accounts/${id}/disabled`, admin, { disabled: false })
    const events = await t.db.kysely
      .selectFrom('logs')
      .select(['methodName', 'userName', 'value'])
      .where('docId', '=', id)
      .orderBy('id')
      .execute()
    expect(
      events.map((e) => [e.methodName, e.userName, JSON.parse(e.value).clientAddress]),
    ).toEqual([
      ['setUserLevel', 'resetter', '127.0.0.1'],
      ['disableUser', 'resetter', '127.0.0.1'],
      ['enableUser', 'resetter', '127.0.0.1'],
    ])
  })
})

describe('npm run reset-admin', () => {
  it('prints a one-time password that signs the administrator in, enabled, to a forced change', async () => {
    const t = await createTestApp('sqlite')
    try {
      const id = await t.createAccount('admin', 4)
      await t.db.kysely.updateTable('user').set({ disabled: 1 }).where('id', '=', id).execute()
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'scripts/reset-admin.ts'],
        {
          cwd: root,
          env: {
            ...process.env,
            DATA_DIR: t.dataDir,
            AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
            DATABASE_URL: '',
          },
        },
      )
      const password = /Password:\s+(\S+)/.exec(stdout)?.[1]
      expect(password).toMatch(/^[\w-]{16}$/)
      const signedIn = await t.signIn('admin', password!)
      expect(signedIn.statusCode).toBe(200)
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: sessionCookie(signedIn) },
      })
      expect(me.json()).toMatchObject({ userName: 'admin', level: 4, mustChangePassword: true })
      const [entry] = await t.db.kysely
        .selectFrom('logs')
        .selectAll()
        .where('methodName', '=', 'resetPassword')
        .execute()
      expect(entry?.userName).toBe('reset-admin (command line)')
    } finally {
      await t.close()
    }
  }, 60_000)
})
