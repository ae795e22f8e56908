import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, PASSWORD, type TestApp } from '#tests/helpers/test-app'

describe('rate limits per client', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: {
        SIGN_IN_LIMIT: '3',
        CONTACT_LIMIT: '2',
        REGISTER_LIMIT: '2',
        PASSWORD_RESET_LIMIT: '2',
      },
    })
  })
  afterAll(() => t.close())

  it('refuses sign-in attempts beyond the limit with 429, even with the right password', async () => {
    await t.createAccount('target', 1)
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/username',
        payload: { username: 'target', password },
      })
    const wrong = await Promise.all([attempt('bad-1'), attempt('bad-2'), attempt('bad-3')])
    expect(wrong.map((r) => r.statusCode)).toEqual([401, 401, 401])
    const blocked = await attempt(PASSWORD)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('refuses enquiries and registrations beyond their limits', async () => {
    const enquiry = { name: 'A', email: 'a@example.org', enquiry: 'Hello' }
    const sent = []
    for (let i = 0; i < 3; i++)
      sent.push(await t.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry }))
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201, 429])
    expect(sent[2]!.headers['content-type']).toContain('application/problem+json')
    expect(sent[2]!.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/)
    const registered = []
    for (let i = 0; i < 3; i++) {
      registered.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: {
            userName: `spam${i}`,
            level: 1,
            email: `spam${i}@example.org`,
            password: PASSWORD,
          },
        }),
      )
    }
    expect(registered.map((r) => r.statusCode)).toEqual([201, 201, 429])
  })

  it('refuses forgotten-password requests and link uses beyond their limit', async () => {
    for (const [url, payload] of [
      ['/api/password/forgotten', { identifier: 'someone' }],
      ['/api/password/reset', { token: 'no-such-token', newPassword: 'a-long-passphrase' }],
    ] as const) {
      const answers = []
      for (let i = 0; i < 3; i++) answers.push(await t.app.inject({ method: 'POST', url, payload }))
      expect(answers.map((r) => r.statusCode)).toEqual(
        url.endsWith('forgotten') ? [202, 202, 429] : [400, 400, 429],
      )
      expect(answers[2]!.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/)
    }
  })
})
