import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

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
    expect(response.json()).toEqual({ userName: 'committee1', level: 3, email: 'committee1@example.org', mustChangePassword: false })
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
})
