import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addressMessages } from '#shared/messages/account-email'
import { accountMessages } from '#shared/messages/accounts'
import { commonMessages } from '#shared/messages/common'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type { Account } from '#shared/schemas/account'
import { associationDetails } from '#server/core/db/association-settings'
import { createPerson, lastLogId, logsAfter, send } from '#tests/helpers/records'
import { linkTokens, mailsTo, startSmtpServer } from '#tests/helpers/smtp'
import {
  createTestApp,
  engines,
  PASSWORD,
  sessionCookie,
  type TestApp,
} from '#tests/helpers/test-app'

// Issue 42, medium 4: nobody verified an account's e-mail address. Anyone could register a
// member's address, and then the member's invitation was refused (409) and "Forgotten your
// password?" with the member's address sent the squatter's link; My account changed the sign-in
// address at once, without the password, and 409 or 204 told which addresses had accounts. Now an
// address is an account's only once a link sent to it is followed, through the real app, a real
// database and a real SMTP server.

const JOINING_PASSWORD = 'a-fine-allotment-passphrase'

describe.each(engines)("an account's e-mail address on %s", (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  let association = ''
  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } })
    committee = await t.signInAs(3, 'chair')
    association = (await associationDetails(t.db.kysely, t.app.config)).name
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const register = (userName: string, email: string) =>
    send(t, undefined, 'POST', '/api/register', { userName, level: 1, email, password: PASSWORD })
  const confirm = (token: string) =>
    send(t, undefined, 'POST', '/api/account-email/confirm', { token })
  const change = (cookie: string, email: string, currentPassword = PASSWORD) =>
    send(t, cookie, 'PUT', '/api/account/email', { email, currentPassword })
  const forgotten = (identifier: string) =>
    send(t, undefined, 'POST', '/api/password/forgotten', { identifier })
  const accountOf = async (userName: string) =>
    ((await send(t, committee, 'GET', '/api/accounts')).json() as Account[]).find(
      (account) => account.userName === userName,
    )!
  const linksTo = (email: string, count = 1) =>
    linkTokens(smtp, email, accountMessages.addressLinkSubject, '/confirm-account-email', count)
  /** Waits for every job due to be done (the runner polls each second): then nothing is left to happen. */
  const settled = () =>
    expect
      .poll(
        async () => {
          const open = await t.db.kysely
            .selectFrom('jobs')
            .select('id')
            .where('finishedAt', 'is', null)
            .where('runAt', '<=', new Date().toISOString())
            .execute()
          return open.length
        },
        { timeout: 15_000 },
      )
      .toBe(0)
  const mailsFor = (email: string) => smtp.received.filter((mail) => mail.to.includes(email))

  it('registers an account that holds its address only once the link sent there is followed', async () => {
    const registered = await register('fern', 'Fern@Example.org')
    expect(registered.statusCode, registered.body).toBe(201)
    expect(await accountOf('fern')).toMatchObject({ email: '', pendingEmail: 'fern@example.org' })
    const [token] = await linksTo('fern@example.org')
    const [mail] = await mailsTo(smtp, 'fern@example.org', accountMessages.addressLinkSubject)
    expect(mail!.text).toContain('Hello fern,')
    // Only the token's hash is kept: the database holds no working link.
    const rows = await t.db.kysely.selectFrom('account_email_links').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(token)
    // Signed in (waiting for approval), the account shows no address yet.
    const me = await send(t, sessionCookie(await t.signIn('fern')), 'GET', '/api/me')
    expect(me.json()).toMatchObject({ userName: 'fern', email: '' })

    const since = await lastLogId(t)
    const confirmed = await confirm(token!)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toEqual({ email: 'fern@example.org' })
    expect(await accountOf('fern')).toMatchObject({ email: 'fern@example.org', pendingEmail: null })
    const logged = (await logsAfter(t, since)).map((entry) => [entry.methodName, entry.userName])
    expect(logged).toEqual([['confirmAccountEmail', 'fern']])
    // Once: the same link again changes nothing.
    const again = await confirm(token!)
    expect(again.statusCode).toBe(400)
    expect(again.json().detail).toBe(addressMessages.addressLinkUnknown)
    expect((await confirm('forged-forged-forged')).statusCode).toBe(400)
  })

  it("never lets an unconfirmed address block a member's invitation or receive their reset", async () => {
    // Someone registers the member's address before the member is invited.
    expect((await register('squatter', 'ann@example.org')).statusCode).toBe(201)
    await linksTo('ann@example.org')
    await createPerson(t, committee, 'ann', { firstName: 'Ann', email: 'ann@example.org' })

    // "Forgotten your password?" with the address sends the squatter nothing.
    expect((await forgotten('ann@example.org')).statusCode).toBe(202)
    expect((await forgotten('squatter')).statusCode).toBe(202)
    await settled()
    expect(smtp.received.filter((mail) => mail.subject === accountMessages.resetSubject)).toEqual(
      [],
    )

    // The invitation goes, and the member joins with their address.
    const invited = await send(t, committee, 'POST', '/api/people/ann/invitation')
    expect(invited.statusCode, invited.body).toBe(201)
    const subject = myAllotmentMessages.invitationSubject(association)
    const [token] = await linkTokens(smtp, 'ann@example.org', subject, '/join')
    const joined = await send(t, undefined, 'POST', '/api/invitations/join', {
      token,
      userName: 'ann.member',
      password: JOINING_PASSWORD,
    })
    expect(joined.statusCode, joined.body).toBe(201)
    // The squatter's claim is gone; the address is the member's, and so is its reset.
    expect(await accountOf('squatter')).toMatchObject({ email: '', pendingEmail: null })
    expect(await accountOf('ann.member')).toMatchObject({ email: 'ann@example.org' })
    expect((await forgotten('ann@example.org')).statusCode).toBe(202)
    const [reset] = await mailsTo(smtp, 'ann@example.org', accountMessages.resetSubject)
    expect(reset!.text).toContain('Hello ann.member,')
    // The squatter's link, followed after all, no longer gives the address.
    const [squatted] = await linksTo('ann@example.org')
    const late = await confirm(squatted!)
    expect(late.statusCode).toBe(400)
    expect(await accountOf('squatter')).toMatchObject({ email: '' })
  })

  it("answers a registration alike for an address that is another account's, and tells its owner", async () => {
    const fresh = await register('newcomer', 'newcomer@example.org')
    const taken = await register('copycat', 'fern@example.org')
    expect(taken.statusCode).toBe(fresh.statusCode)
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort())
    expect(taken.json()).toEqual({ userName: 'copycat', requestedLevel: 1 })
    const [note] = await mailsTo(smtp, 'fern@example.org', accountMessages.addressTakenSubject)
    expect(note!.text).toContain('copycat')
    expect(note!.text).toContain('fern')
    expect(note!.text).not.toContain('token=')
    await settled()
    expect(await accountOf('copycat')).toMatchObject({ email: '', pendingEmail: null })
    expect(await accountOf('fern')).toMatchObject({ email: 'fern@example.org' })
  })

  it('changes the sign-in address only with the password, answering alike whoever has it', async () => {
    const grower = await t.signInAs(1, 'grower')
    const me = async () => (await send(t, grower, 'GET', '/api/me')).json<{ email: string }>().email

    const wrong = await change(grower, 'grower.new@example.org', 'not-my-password')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().detail).toBe(accountMessages.currentPasswordWrong)
    const missing = await send(t, grower, 'PUT', '/api/account/email', { email: 'x@example.org' })
    expect(missing.statusCode).toBe(400)
    const invalid = await change(grower, 'not an address')
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().detail).toBe(commonMessages.invalidEmail)

    const mark = await lastLogId(t)
    const taken = await change(grower, 'chair@example.org')
    // Its owner is told (before the next request replaces this one).
    const [note] = await mailsTo(smtp, 'chair@example.org', accountMessages.addressTakenSubject)
    expect(note!.text).toContain('grower')
    const free = await change(grower, '  Grower.New@Example.org ')
    expect(free.statusCode, free.body).toBe(202)
    expect(taken.statusCode, taken.body).toBe(202)
    expect(taken.body).toBe(free.body)
    expect(await me()).toBe('grower@example.org')
    expect((await logsAfter(t, mark)).map((entry) => [entry.methodName, entry.userName])).toEqual([
      ['requestAccountEmail', 'grower'],
      ['requestAccountEmail', 'grower'],
    ])

    // The free address's link makes it the account's.
    const [token] = await linksTo('grower.new@example.org')
    expect((await confirm(token!)).statusCode).toBe(200)
    expect(await me()).toBe('grower.new@example.org')
    const same = await change(grower, 'grower.new@example.org')
    expect(same.statusCode).toBe(422)
    expect(same.json().detail).toBe(myAllotmentMessages.emailUnchanged)
  })

  it('refuses a link more than a day old', async () => {
    expect((await register('late', 'late@example.org')).statusCode).toBe(201)
    const [token] = await linksTo('late@example.org')
    const late = await t.withClockMovedOn(25 * 60 * 60 * 1000, () => confirm(token!))
    expect(late.statusCode).toBe(400)
    expect(late.json().detail).toBe(addressMessages.addressLinkExpired)
    expect(await accountOf('late')).toMatchObject({ email: '' })
  })

  it('shows the committee an unconfirmed address, which it can clear in a logged change', async () => {
    expect((await register('holly', 'holly@example.org')).statusCode).toBe(201)
    const [token] = await linksTo('holly@example.org')
    const holly = await accountOf('holly')
    expect(holly.pendingEmail).toBe('holly@example.org')
    const mark = await lastLogId(t)
    const cleared = await send(t, committee, 'DELETE', `/api/accounts/${holly.id}/pending-email`)
    expect(cleared.statusCode, cleared.body).toBe(204)
    expect(await accountOf('holly')).toMatchObject({ email: '', pendingEmail: null })
    expect((await logsAfter(t, mark)).map((entry) => [entry.methodName, entry.userName])).toEqual([
      ['clearPendingEmail', 'chair'],
    ])
    expect((await confirm(token!)).statusCode).toBe(400)
    const member = await t.signInAs(1, 'plain-member')
    const refused = await send(t, member, 'DELETE', `/api/accounts/${holly.id}/pending-email`)
    expect(refused.statusCode).toBe(403)
    expect(mailsFor('holly@example.org')).toHaveLength(1)
  })

  it('is for the signed in only', async () => {
    expect(
      (await send(t, undefined, 'PUT', '/api/account/email', { email: 'a@example.org' }))
        .statusCode,
    ).toBe(401)
  })
})
