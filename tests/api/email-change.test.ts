import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type { MyRecord, Person } from '#shared/schemas/person'
import { createPerson, lastLogId, linkAccount, logsAfter, send } from '#tests/helpers/records'
import { linkTokens } from '#tests/helpers/smtp'
import { startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 29: a member's new e-mail address takes effect only once the link sent to it is
// followed, through the real app, a real database and a real SMTP server.

describe.each(engines)('a member’s new e-mail address on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let member = ''
  let committee = ''
  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } })
    committee = await t.signInAs(3)
    member = await t.signInAs(1, 'ivy-account')
    await createPerson(t, committee, 'ivy', { firstName: 'Ivy', email: 'ivy@example.org' })
    await linkAccount(t, committee, 'ivy-account', 'ivy')
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const ask = (email: string) => send(t, member, 'PUT', '/api/me/email', { email })
  const confirm = (token: string) =>
    send(t, undefined, 'POST', '/api/email-change/confirm', { token })
  const tokensTo = (email: string, count = 1) =>
    linkTokens(smtp, email, myAllotmentMessages.emailChangeSubject, '/confirm-email', count)
  const record = async () =>
    ((await send(t, member, 'GET', '/api/me/details')).json() as MyRecord).person

  it('changes the address only once the link sent to the new one is followed', async () => {
    const before = await record()
    const since = await lastLogId(t)
    const asked = await ask('ivy.new@example.org')
    expect(asked.statusCode, asked.body).toBe(202)
    const [token] = await tokensTo('ivy.new@example.org')
    expect(smtp.received.some((mail) => mail.to.includes('ivy@example.org'))).toBe(false)
    // Nothing changes until the link is followed.
    expect((await record()).email).toBe('ivy@example.org')

    const confirmed = await confirm(token!)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toEqual({ email: 'ivy.new@example.org' })
    const after = await record()
    expect(after).toMatchObject({ email: 'ivy.new@example.org', version: before.version + 1 })
    const committeeView = (await send(t, committee, 'GET', '/api/people/ivy')).json() as Person
    expect(committeeView.email).toBe('ivy.new@example.org')
    const logged = (await logsAfter(t, since)).map((entry) => [entry.methodName, entry.userName])
    expect(logged).toEqual(
      expect.arrayContaining([
        ['requestEmailChange', 'ivy-account'],
        ['confirmEmailChange', 'ivy-account'],
      ]),
    )
    const changes = (await send(t, committee, 'GET', '/api/people/ivy/own-changes')).json()
    expect(changes).toEqual([
      { at: expect.any(String), userName: 'ivy-account', fields: ['email'] },
    ])
    // Used once.
    const again = await confirm(token!)
    expect(again.statusCode).toBe(400)
    expect(again.json().detail).toBe(myAllotmentMessages.emailLinkUnknown)
  })

  it('lets only the newest link work, refuses a forged one and the same address', async () => {
    expect((await ask('first@example.org')).statusCode).toBe(202)
    const [first] = await tokensTo('first@example.org')
    expect((await ask('second@example.org')).statusCode).toBe(202)
    const [second] = await tokensTo('second@example.org')
    const replaced = await confirm(first!)
    expect(replaced.statusCode).toBe(400)
    expect(replaced.json().detail).toBe(myAllotmentMessages.emailLinkUnknown)
    expect((await confirm('forged-forged-forged')).statusCode).toBe(400)
    expect((await record()).email).toBe('ivy.new@example.org')
    expect((await confirm(second!)).statusCode).toBe(200)

    const same = await ask('SECOND@example.org')
    expect(same.statusCode).toBe(422)
    expect(same.json().detail).toBe(myAllotmentMessages.emailUnchanged)
  })

  it('refuses a link more than a day old', async () => {
    expect((await ask('late@example.org')).statusCode).toBe(202)
    const [token] = await tokensTo('late@example.org')
    const late = await t.withClockMovedOn(25 * 60 * 60 * 1000, () => confirm(token!))
    expect(late.statusCode).toBe(400)
    expect(late.json().detail).toBe(myAllotmentMessages.emailLinkExpired)
    expect((await record()).email).toBe('second@example.org')
  })
})

// Issue 42, low 5: asking for the link had no limit, so a member could have the association send
// an e-mail a second to any address. It is limited per client as every other sender is.
describe.each(engines)('links to a new e-mail address within a limit on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PASSWORD_RESET_LIMIT: '2' } })
  })
  afterAll(() => t.close())

  it('refuses a third request within ten minutes, and queues no e-mail for it', async () => {
    const committee = await t.signInAs(3)
    const member = await t.signInAs(1, 'max-account')
    await createPerson(t, committee, 'max', { firstName: 'Max', email: 'max@example.org' })
    await linkAccount(t, committee, 'max-account', 'max')
    const answers = []
    for (let i = 0; i < 3; i++)
      answers.push(await send(t, member, 'PUT', '/api/me/email', { email: `max${i}@example.org` }))
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 429])
    expect(answers[2]!.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/)
    const asked = await t.db.kysely.selectFrom('email_changes').select('newEmail').execute()
    expect(asked.map((row) => row.newEmail).sort()).toEqual([
      'max0@example.org',
      'max1@example.org',
    ])
  })
})
