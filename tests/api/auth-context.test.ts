import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authContextEnabled } from '#server/core/auth/auth-context'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 49: better-auth's context (AsyncLocalStorage) is on only while a call into it is under
// way; left on, every promise of every later request pays an async hook on Node 20. Signing in,
// side by side, still works, each sign-in keeping its own context until it has answered.
describe.each(engines)('better-auth context between its calls on %s', (engine) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(engine)
    for (const name of ['ann', 'bob', 'cat', 'dan']) await t.createAccount(name, 1)
  })
  afterAll(() => t?.close())

  it('is off again once a sign-in, a wrong password, the session and a sign-out have answered', async () => {
    const cookie = await t.signInAs(3, 'committee')
    expect(await authContextEnabled()).toBe(false)
    expect((await t.signIn('ann', 'not her password')).statusCode).toBe(401)
    expect(await authContextEnabled()).toBe(false)
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    })
    expect(session.json().user.username).toBe('committee')
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    })
    expect(signOut.statusCode).toBe(200)
    expect(await authContextEnabled()).toBe(false)
  })

  it('signs four people in side by side, each to their own account', async () => {
    const names = ['ann', 'bob', 'cat', 'dan']
    const answers = await Promise.all(names.map((name) => t.signIn(name)))
    expect(answers.map((answer) => answer.json().user.username)).toEqual(names)
    expect(await authContextEnabled()).toBe(false)
  })
})
