import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountMessages } from '#shared/messages/accounts'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type { MyRecord } from '#shared/schemas/person'
import { associationDetails } from '#server/core/db/association-settings'
import { createPerson, lastLogId, logsAfter, send, linkAccount } from '#tests/helpers/records'
import { linkTokens, mailsTo, startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, sessionCookie, type TestApp } from '#tests/helpers/test-app'

// "Invite to sign in" (issue 29, part 2), through the real app, a real database and a real SMTP
// server: the committee invites, the person joins through the link once, at Plotholder level,
// linked to their record and signed in; used, replaced, expired and forged links change nothing.

const PASSWORD = 'a-fine-allotment-passphrase'

describe.each(engines)('invitations to sign in on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  let subject = ''
  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } })
    committee = await t.signInAs(3)
    subject = myAllotmentMessages.invitationSubject(
      (await associationDetails(t.db.kysely, t.app.config)).name,
    )
    await createPerson(t, committee, 'ann', { firstName: 'Ann', email: 'ann@example.org' })
    await createPerson(t, committee, 'bea', { firstName: 'Bea', email: 'bea@example.org' })
    await createPerson(t, committee, 'cal', { firstName: 'Cal', email: 'cal@example.org' })
    await createPerson(t, committee, 'dot', { firstName: 'Dot', email: '' })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const invite = (personId: string) =>
    send(t, committee, 'POST', `/api/people/${personId}/invitation`)
  const join = (token: string, userName: string, password = PASSWORD) =>
    send(t, undefined, 'POST', '/api/invitations/join', { token, userName, password })
  /**
   * The tokens of the links e-mailed to the address, once the jobs have also recorded the sending
   * (which follows the mail server's answer): only then does nothing change behind a test's back.
   */
  const tokensTo = async (email: string, count = 1) => {
    const tokens = await linkTokens(smtp, email, subject, '/join', count)
    await expect
      .poll(async () => {
        const unrecorded = await t.db.kysely
          .selectFrom('invitations')
          .select('id')
          .where('tokenHash', 'is not', null)
          .where('sentAt', 'is', null)
          .execute()
        return unrecorded.length
      })
      .toBe(0)
    return tokens
  }
  /** What a refused join could change: accounts, sessions and invitations. */
  const snapshot = async ({ db: { kysely } }: TestApp) => ({
    users: await kysely.selectFrom('user').selectAll().orderBy('id').execute(),
    sessions: await kysely.selectFrom('session').select('token').orderBy('token').execute(),
    invitations: await kysely.selectFrom('invitations').selectAll().orderBy('id').execute(),
  })
  const expectJoinRefused = async (token: string, status: number, detail: string) => {
    const before = await snapshot(t)
    const refused = await join(token, `someone${Math.random().toString(36).slice(2, 8)}`)
    expect(refused.statusCode, refused.body).toBe(status)
    expect(refused.json().detail).toBe(detail)
    expect(await snapshot(t)).toEqual(before)
  }

  it('e-mails a person a link with which they join, linked to their record and signed in', async () => {
    const since = await lastLogId(t)
    const invited = await invite('ann')
    expect(invited.statusCode, invited.body).toBe(201)
    expect(invited.json().sentTo).toBe('ann@example.org')
    const [token] = await tokensTo('ann@example.org')
    const [mail] = await mailsTo(smtp, 'ann@example.org', subject)
    expect(mail!.text).toContain('Hello Ann,')
    // Only the token's hash is kept: the database holds no working link.
    const rows = await t.db.kysely.selectFrom('invitations').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(token)

    const joined = await join(token!, 'Ann.Gardener')
    expect(joined.statusCode, joined.body).toBe(201)
    expect(joined.json()).toEqual({ userName: 'Ann.Gardener' })
    const cookie = sessionCookie(joined)
    const me = await send(t, cookie, 'GET', '/api/me')
    expect(me.json()).toMatchObject({ userName: 'ann.gardener', level: 1 })
    const record = (await send(t, cookie, 'GET', '/api/me/details')).json() as MyRecord
    expect(record.person.id).toBe('ann')
    // The password chosen signs in from then on.
    expect((await t.signIn('ann.gardener', PASSWORD)).statusCode).toBe(200)
    const logged = (await logsAfter(t, since)).map((entry) => [entry.methodName, entry.userName])
    expect(logged).toEqual(
      expect.arrayContaining([
        ['invitePerson', 'level3'],
        ['joinByInvitation', 'ann.gardener'],
      ]),
    )

    // Used once: the link changes nothing after.
    await expectJoinRefused(token!, 400, myAllotmentMessages.invitationUnknown)
    // Nor can Ann be invited again, having an account.
    const again = await invite('ann')
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(myAllotmentMessages.personHasAccount('ann', 'ann.gardener'))
  })

  it('refuses a person without an e-mail address, and one who is not there', async () => {
    const none = await invite('dot')
    expect(none.statusCode).toBe(422)
    expect(none.json().detail).toBe(myAllotmentMessages.invitationNeedsEmail('dot'))
    const missing = await invite('nobody')
    expect(missing.statusCode).toBe(404)
    expect(
      await t.db.kysely
        .selectFrom('invitations')
        .where('personId', 'in', ['dot', 'nobody'])
        .selectAll()
        .execute(),
    ).toEqual([])
  })

  it('lets only the newest link work, refuses a forged one, and keeps a link a taken name was refused on', async () => {
    expect((await invite('bea')).statusCode).toBe(201)
    const [first] = await tokensTo('bea@example.org')
    expect((await invite('bea')).statusCode).toBe(201)
    const [, second] = await tokensTo('bea@example.org', 2)
    expect(second).not.toBe(first)
    await expectJoinRefused(first!, 400, myAllotmentMessages.invitationUnknown)
    await expectJoinRefused('forged-token-forged-token', 400, myAllotmentMessages.invitationUnknown)

    // The people lists mark who signs in and who is invited; the others wear nothing.
    const marks = (await send(t, committee, 'GET', '/api/people-sign-in')).json().people as Array<{
      personId: string
      status: string
    }>
    expect(marks.map(({ personId, status }) => [personId, status]).sort()).toEqual([
      ['ann', 'account'],
      ['bea', 'invited'],
    ])

    const before = await snapshot(t)
    const taken = await join(second!, 'level3')
    expect(taken.statusCode).toBe(409)
    expect(taken.json().detail).toBe(accountMessages.userNameTaken('level3'))
    const weak = await join(second!, 'bea-grows', 'short')
    expect(weak.statusCode).toBe(400)
    expect(await snapshot(t)).toEqual(before)
    expect((await join(second!, 'bea-grows')).statusCode).toBe(201)
  })

  it('invites everyone on the waiting list who has an e-mail address and no account, in one go', async () => {
    await createPerson(t, committee, 'wil', {
      firstName: 'Wil',
      email: 'wil@example.org',
      onWaitingList: true,
    })
    await createPerson(t, committee, 'wyn', { firstName: 'Wyn', email: '', onWaitingList: true })
    const since = await lastLogId(t)
    const sent = await send(t, committee, 'POST', '/api/invitations', { group: 'waitinglist' })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json()).toEqual({ invited: 1, withoutEmail: 1, signedUp: 0 })
    const [token] = await tokensTo('wil@example.org')
    expect(token).toBeTruthy()
    const logged = (await logsAfter(t, since)).filter((entry) => entry.methodName === 'inviteGroup')
    expect(logged).toHaveLength(1)
    // Sent, as the lists' summary says once the mail server has taken it.
    await expect
      .poll(async () => (await send(t, committee, 'GET', '/api/people-sign-in')).json())
      .toMatchObject({ invitationsWaiting: 0 })
    // A plot holder may not send them.
    const member = await t.signInAs(1, 'a-member')
    expect(
      (await send(t, member, 'POST', '/api/invitations', { group: 'waitinglist' })).statusCode,
    ).toBe(403)
  })

  it('ends a person’s open invitation when the committee links an account to them', async () => {
    await createPerson(t, committee, 'eve', { firstName: 'Eve', email: 'eve@example.org' })
    expect((await invite('eve')).statusCode).toBe(201)
    const [token] = await tokensTo('eve@example.org')
    await t.createAccount('eve-account', 1)
    await linkAccount(t, committee, 'eve-account', 'eve')
    await expectJoinRefused(token!, 400, myAllotmentMessages.invitationUnknown)
    const signIn = (await send(t, committee, 'GET', '/api/people/eve/sign-in')).json()
    expect(signIn).toMatchObject({ account: { userName: 'eve-account' } })
  })

  it('ends a link after 14 days, logging that it expired', async () => {
    expect((await invite('cal')).statusCode).toBe(201)
    const [token] = await tokensTo('cal@example.org')
    const since = await lastLogId(t)
    const realClock = t.app.config.clock
    const later = Date.now() + 15 * 24 * 60 * 60 * 1000
    t.app.config.clock = () => new Date(later + (Date.now() % 1000))
    try {
      await expectJoinRefused(token!, 400, myAllotmentMessages.invitationExpired)
      await t.app.jobs.runDue()
      const logged = (await logsAfter(t, since)).map((entry) => entry.methodName)
      expect(logged).toContain('invitationExpired')
      await expectJoinRefused(token!, 400, myAllotmentMessages.invitationUnknown)
    } finally {
      t.app.config.clock = realClock
    }
  })
})
