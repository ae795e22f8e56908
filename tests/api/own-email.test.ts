import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountMessages } from '#shared/messages/accounts'
import { commonMessages } from '#shared/messages/common'
import { expectOneLog, lastLogId, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 28: the administrator's own e-mail address was ADMIN_EMAIL, fixed at the first start.
// Every member now changes their own on My account; nobody another's, and no address twice.
describe.each(engines)("one's own e-mail address on %s", (engine) => {
  let t: TestApp
  let admin = ''
  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'chief')
    await t.signInAs(1, 'grower')
  })
  afterAll(() => t.close())

  const change = (cookie: string | undefined, email: unknown) =>
    send(t, cookie, 'PUT', '/api/account/email', { email })
  const myEmail = async (cookie: string) =>
    (await send(t, cookie, 'GET', '/api/me')).json<{ email: string }>().email

  it("saves the address lower-cased, shows it as the account's, and logs the change", async () => {
    const mark = await lastLogId(t)
    const response = await change(admin, '  Secretary@Riverside.Example ')
    expect(response.statusCode, response.body).toBe(204)
    expect(await myEmail(admin)).toBe('secretary@riverside.example')
    const logged = await expectOneLog(t, mark, {
      methodName: 'changeEmail',
      userName: 'chief',
      eventCollection: 'users',
      docId: expect.any(String) as unknown as string,
    })
    expect(logged).toMatchObject({ email: 'secretary@riverside.example' })
  })

  it('refuses an address another account holds, or one that is not an address, and keeps the old', async () => {
    const taken = await change(admin, 'grower@example.org')
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ detail: accountMessages.emailTaken })
    const wrong = await change(admin, 'not an address')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ detail: commonMessages.invalidEmail })
    expect(await myEmail(admin)).toBe('secretary@riverside.example')
  })

  it('is for the signed in only', async () => {
    expect((await change(undefined, 'someone@example.org')).statusCode).toBe(401)
  })
})
