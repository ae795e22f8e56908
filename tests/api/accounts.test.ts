import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, engines, PASSWORD, type TestApp } from '#tests/helpers/test-app'

describe.each(engines)('registration and approval on %s', (engine) => {
  let t: TestApp
  let admin: string
  let committee: string
  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'boss')
    committee = await t.signInAs(3, 'chair')
  })
  afterAll(() => t.close())

  const registerAs = (
    userName: string,
    level: number | string,
    email = `${userName}@example.org`,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { userName, level, email, password: PASSWORD },
    })
  const accounts = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie: admin } })
    ).json() as Array<{
      id: string
      userName: string
      level: number
      requestedLevel: number
      disabled: boolean
    }>
  const signIn = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/username',
      payload: { username, password: PASSWORD },
    })

  it('keeps a self-registered account at level 0 with the requested level recorded', async () => {
    const response = await registerAs('newbie', 3)
    expect(response.statusCode).toBe(201)
    const account = (await accounts()).find((a) => a.userName === 'newbie')
    expect(account).toMatchObject({ level: 0, requestedLevel: 3 })
    const cookie = (await signIn('newbie')).cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(me.json().level).toBe(0)
    const members = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie } })
    expect(members.statusCode).toBe(403)
  })

  it.each([
    [{ userName: '', level: 1 }, 'Please enter a user name'],
    [{ userName: 'someone', level: '' }, 'Please select a user level'],
    [{ userName: 'someone', level: 4 }, 'Please select a user level'],
  ])('refuses %j with the spec message and creates nothing', async (fields, message) => {
    const before = (await accounts()).length
    const response = await registerAs(fields.userName, fields.level)
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(message)
    expect((await accounts()).length).toBe(before)
  })

  it('says a user name is taken, but answers a known e-mail address as a new registration', async () => {
    const first = await registerAs('twin', 1)
    const before = (await accounts()).length
    const sameName = await registerAs('twin', 1, 'other@example.org')
    expect(sameName.statusCode).toBe(409)
    expect(sameName.json().detail).toBe("The user name 'twin' is already taken.")
    const sameEmail = await registerAs('twin2', 1, 'boss@example.org')
    const fresh = await registerAs('twin3', 1, 'twin3@example.org')
    // The same status and the same shape of answer: nothing tells the two apart. Both make an
    // account, which holds an address only once a link sent there is followed (issue 42).
    expect(sameEmail.statusCode).toBe(201)
    expect(Object.keys(sameEmail.json()).sort()).toEqual(Object.keys(fresh.json()).sort())
    expect(sameEmail.json()).toEqual({ userName: 'twin2', requestedLevel: 1 })
    expect(first.json()).toEqual({ userName: 'twin', requestedLevel: 1 })
    expect((await accounts()).length).toBe(before + 2)
    const registered = await t.db.kysely
      .selectFrom('logs')
      .select(['value', 'error'])
      .where('methodName', '=', 'register')
      .where('userName', '=', 'twin2')
      .executeTakeFirstOrThrow()
    expect(registered.error).toBe('null')
    expect(JSON.parse(registered.value)).toMatchObject({ email: 'boss@example.org', level: 0 })
  })

  it('lets a committee member grant up to level 3 but not 4, and logs the change', async () => {
    await registerAs('grower', 1)
    const grower = (await accounts()).find((a) => a.userName === 'grower')!
    const setLevel = (cookie: string, level: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/accounts/${grower.id}/level`,
        headers: { cookie },
        payload: { level },
      })
    expect((await setLevel(committee, 4)).statusCode).toBe(403)
    expect((await setLevel(committee, 3)).statusCode).toBe(200)
    expect((await accounts()).find((a) => a.id === grower.id)!.level).toBe(3)
    expect((await setLevel(admin, 4)).statusCode).toBe(200)
    // Now above the committee's reach: the committee can no longer change it.
    expect((await setLevel(committee, 1)).statusCode).toBe(403)
    const logs = await t.db.kysely
      .selectFrom('logs')
      .selectAll()
      .where('docId', '=', grower.id)
      .where('methodName', '=', 'setUserLevel')
      .execute()
    expect(logs.map((l) => [l.userName, l.error === 'null'])).toEqual([
      ['chair', false],
      ['chair', true],
      ['boss', true],
      ['chair', false],
    ])
  })

  it('never lets anyone change their own level', async () => {
    const self = (await accounts()).find((a) => a.userName === 'chair')!
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${self.id}/level`,
      headers: { cookie: committee },
      payload: { level: 3 },
    })
    expect(response.statusCode).toBe(403)
  })

  it('refuses approval routes to plotholders (403) and to anonymous callers (401)', async () => {
    const holder = await t.signInAs(1, 'holder')
    const target = (await accounts())[0]!
    for (const headers of [{ cookie: holder }, {}]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/accounts', headers })
      const raise = await t.app.inject({
        method: 'PUT',
        url: `/api/accounts/${target.id}/level`,
        headers,
        payload: { level: 4 },
      })
      const enquiries = await t.app.inject({ method: 'GET', url: '/api/enquiries', headers })
      const expected = 'cookie' in headers ? 403 : 401
      expect([list.statusCode, raise.statusCode, enquiries.statusCode]).toEqual([
        expected,
        expected,
        expected,
      ])
    }
  })

  it('signs a disabled account out everywhere and refuses its sign-in', async () => {
    const cookie = await t.signInAs(2, 'leaver')
    const leaver = (await accounts()).find((a) => a.userName === 'leaver')!
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${leaver.id}/disabled`,
      headers: { cookie: admin },
      payload: { disabled: true },
    })
    expect(disabled.statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode,
    ).toBe(401)
    const again = await signIn('leaver')
    expect(again.statusCode).not.toBe(200)
    expect(again.cookies.filter((c) => c.value)).toHaveLength(0)
  })
})
