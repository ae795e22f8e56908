import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lettingMessages } from '#shared/letting-messages'
import { waitingListMessages } from '#shared/waiting-list-messages'
import { createPerson, send } from '#tests/helpers/records'
import { startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Applying for a plot from the public site, through the real app, a real database and a real
// SMTP server: only a confirmed address joins the waiting list, and only the reference and the
// address together find one's place.

const DAY = 86_400_000
const applicant = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Zoë',
  lastName: "O'Neill",
  email,
  phoneNumber: '07700 900111',
  address: '1 Lane\nRiverside',
  note: 'Near the gate, please.',
  consent: true,
  ...extra,
})

describe.each(engines)('applying for a plot on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } })
    committee = await t.signInAs(3)
    await createPerson(t, committee, 'early', { onWaitingList: true, joinedWaitingList: '2020-01-01', email: 'early@example.org' })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const apply = (body: object) => send(t, undefined, 'POST', '/api/apply', body)
  const confirm = (token: string) => send(t, undefined, 'POST', '/api/apply/confirm', { token })
  const position = (reference: string, email: string) =>
    send(t, undefined, 'POST', '/api/apply/position', { reference, email })
  const linkIn = async (email: string) => {
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBeGreaterThan(0)
    const mail = smtp.received.find((m) => m.to.includes(email) && m.subject === lettingMessages.confirmSubject)!
    return /\/apply\/confirm\?token=([\w-]+)/.exec(mail.text)![1]!
  }
  const waiting = async () =>
    (await send(t, committee, 'GET', '/api/people?status=waitinglist')).json() as Array<{ id: string }>

  it('joins the waiting list only once the e-mail address is confirmed, with a reference that finds the place', async () => {
    const applied = await apply(applicant('Zoe@Example.org'))
    expect(applied.statusCode, applied.body).toBe(201)
    expect(applied.json()).toEqual({ applied: true })
    expect((await waiting()).map((p) => p.id)).toEqual(['early'])

    const token = await linkIn('zoe@example.org')
    const confirmed = await confirm(token)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const place = confirmed.json()
    expect(place).toMatchObject({ position: 2, total: 2 })
    expect(place.reference).toMatch(/^[A-Z2-9]{8}$/)
    expect((await waiting()).map((p) => p.id)).toEqual(['early', 'zoëo'])
    const person = (await send(t, committee, 'GET', '/api/people/zo%C3%ABo')).json()
    expect(person).toMatchObject({ firstName: 'Zoë', lastName: "O'Neill", email: 'zoe@example.org', onWaitingList: true, isPlotHolder: false })

    await expect.poll(() => smtp.received.filter((m) => m.subject === lettingMessages.confirmedSubject(place.reference)).length, { timeout: 15_000 }).toBe(1)
    const found = await position(place.reference.toLowerCase(), 'ZOE@example.org')
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json()).toEqual({ reference: place.reference, position: 2, total: 2 })
    const history = (await send(t, committee, 'GET', '/api/people/zo%C3%ABo/waiting-list-history')).json()
    expect(history).toMatchObject([{ event: 'joined', reason: waitingListMessages.joinedByApplication(place.reference), createdBy: 'public' }])
  })

  it('gives one answer to a wrong pair, whichever part is wrong', async () => {
    const [reference] = (await t.db.kysely.selectFrom('applications').select('reference').execute()).map((r) => r.reference)
    for (const [ref, email] of [
      [reference!, 'someone@example.org'],
      ['ABCDEFGH', 'zoe@example.org'],
      ['ABCDEFGH', 'someone@example.org'],
    ]) {
      const refused = await position(ref!, email!)
      expect(refused.statusCode).toBe(404)
      expect(refused.json().detail).toBe(lettingMessages.notFound)
    }
  })

  it('refuses a second application with the same address, a used or expired link, and keeps what a script sends to itself', async () => {
    const count = async () =>
      Promise.all([
        t.db.kysely.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        t.db.kysely.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]).then((rows) => rows.map((row) => Number(row.n)))
    const before = await count()
    for (const email of ['zoe@example.org', ' ZOE@example.org ', 'early@example.org']) {
      const again = await apply(applicant(email))
      expect(again.statusCode).toBe(409)
      expect(again.json().detail).toBe(lettingMessages.alreadyApplied)
    }
    const bot = await apply(applicant('bot@example.org', { website: 'http://spam.example' }))
    expect(bot.statusCode).toBe(201)
    const noConsent = await apply(applicant('late@example.org', { consent: false }))
    expect(noConsent.statusCode).toBe(400)
    expect(noConsent.json().detail).toBe(lettingMessages.consentRequired)
    expect(await count()).toEqual(before)

    const used = await confirm(await linkIn('zoe@example.org'))
    expect(used.statusCode).toBe(400)
    expect(used.json().detail).toBe(lettingMessages.tokenUnusable)
    expect((await confirm('x'.repeat(43))).json().detail).toBe(lettingMessages.tokenUnusable)

    expect((await apply(applicant('late@example.org'))).statusCode).toBe(201)
    const late = await linkIn('late@example.org')
    const now = Date.now()
    t.app.config.clock = () => new Date(now + 8 * DAY)
    const expired = await confirm(late)
    expect(expired.statusCode).toBe(400)
    expect(expired.json().detail).toBe(lettingMessages.tokenUnusable)
    expect((await waiting()).map((p) => p.id)).toEqual(['early', 'zoëo'])
  })
})
