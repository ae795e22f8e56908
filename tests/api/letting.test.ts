import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { lettingMessages } from '#shared/messages/letting'
import { waitingListMessages } from '#shared/messages/waiting-list'
import { applicationExpiryJobs } from '#server/core/db/migrations/016-application-expiry-jobs'
import { createPerson, lastLogId, logsAfter, send } from '#tests/helpers/records'
import { confirmationTokens } from '#tests/helpers/applications'
import { mailsTo, startSmtpServer } from '#tests/helpers/smtp'
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
    realClock = t.app.config.clock
    await createPerson(t, committee, 'early', {
      onWaitingList: true,
      joinedWaitingList: '2020-01-01',
      email: 'early@example.org',
    })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const apply = (body: object) => send(t, undefined, 'POST', '/api/apply', body)
  const confirm = (token: string) => send(t, undefined, 'POST', '/api/apply/confirm', { token })
  const position = (reference: string, email: string) =>
    send(t, undefined, 'POST', '/api/apply/position', { reference, email })
  /** The links of the confirmation e-mails sent to the address, oldest first. */
  const linksTo = (email: string, count = 1) => confirmationTokens(smtp, email, count)
  const linkIn = async (email: string) => (await linksTo(email)).at(-1)!
  const counts = async () =>
    Promise.all([
      t.db.kysely
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      t.db.kysely
        .selectFrom('people')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]).then((rows) => rows.map((row) => Number(row.n)))
  // Tests move the clock on to reach a link's expiry and its job; each starts from today.
  let realClock: () => Date
  const moveBy = (ms: number) => {
    t.app.config.clock = () => new Date(realClock().getTime() + ms)
  }
  afterEach(() => {
    t.app.config.clock = realClock
  })
  const waiting = async () =>
    (await send(t, committee, 'GET', '/api/people?status=waitinglist')).json() as Array<{
      id: string
    }>

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
    expect(person).toMatchObject({
      firstName: 'Zoë',
      lastName: "O'Neill",
      email: 'zoe@example.org',
      onWaitingList: true,
      isPlotHolder: false,
    })

    await expect
      .poll(
        () =>
          smtp.received.filter(
            (m) => m.subject === lettingMessages.confirmedSubject(place.reference),
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1)
    const found = await position(place.reference.toLowerCase(), 'ZOE@example.org')
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json()).toEqual({
      reference: place.reference,
      position: 2,
      total: 2,
      // One site: its list is the only place (decision 47).
      places: [{ siteId: 1, siteName: expect.any(String), position: 2, total: 2 }],
    })
    const history = (
      await send(t, committee, 'GET', '/api/people/zo%C3%ABo/waiting-list-history')
    ).json()
    expect(history).toMatchObject([
      {
        event: 'joined',
        reason: waitingListMessages.joinedByApplication(place.reference),
        createdBy: 'public',
      },
    ])
  })

  it('gives one answer to a wrong pair, whichever part is wrong', async () => {
    const [reference] = (
      await t.db.kysely.selectFrom('applications').select('reference').execute()
    ).map((r) => r.reference)
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

  it('answers an address already on record as a new one, keeps nothing, and tells its owner by e-mail instead', async () => {
    const before = await counts()
    const mark = await lastLogId(t)
    // Zoë is a person and a confirmed application; early is a person the committee entered.
    for (const email of ['zoe@example.org', ' ZOE@example.org ', 'early@example.org']) {
      const again = await apply(applicant(email))
      expect(again.statusCode, again.body).toBe(201)
      expect(again.json()).toEqual({ applied: true })
    }
    expect(await counts()).toEqual(before)
    expect(
      await t.db.kysely
        .selectFrom('applications')
        .select('id')
        .where('email', '=', 'early@example.org')
        .execute(),
    ).toEqual([])
    const told = await mailsTo(smtp, 'zoe@example.org', lettingMessages.addressKnownSubject, 2)
    const [early] = await mailsTo(smtp, 'early@example.org', lettingMessages.addressKnownSubject, 1)
    for (const mail of [...told, early!]) {
      expect(mail.text).toContain('/apply/position')
      expect(mail.text).not.toContain('/apply/confirm')
    }
    expect(told[0]!.text).toMatch(/^Dear Zoë,/)
    const logged = await logsAfter(t, mark)
    expect(
      logged.map((entry) => [entry.methodName, entry.userName, JSON.parse(entry.error)]),
    ).toEqual(
      Array.from({ length: 3 }, () => [
        'applyForPlot',
        'public',
        { message: lettingMessages.addressKnownLogged },
      ]),
    )
  })

  it('keeps nothing a script sends to itself, and refuses an application without consent', async () => {
    const before = await counts()
    const bot = await apply(applicant('bot@example.org', { website: 'http://spam.example' }))
    expect(bot.statusCode).toBe(201)
    const noConsent = await apply(applicant('late@example.org', { consent: false }))
    expect(noConsent.statusCode).toBe(400)
    expect(noConsent.json().detail).toBe(lettingMessages.consentRequired)
    expect(await counts()).toEqual(before)
  })

  it('refuses a used link, and one that has expired', async () => {
    const used = await confirm((await linksTo('zoe@example.org'))[0]!)
    expect(used.statusCode).toBe(400)
    expect(used.json().detail).toBe(lettingMessages.tokenUnusable)
    expect((await confirm('x'.repeat(43))).json().detail).toBe(lettingMessages.tokenUnusable)
    // A link cut short in the e-mail (a token too short to be one) says the same, not how long.
    expect((await confirm('short')).json().detail).toBe(lettingMessages.tokenUnusable)

    expect((await apply(applicant('late@example.org'))).statusCode).toBe(201)
    const [late] = await linksTo('late@example.org', 1)
    moveBy(8 * DAY)
    const expired = await confirm(late!)
    expect(expired.statusCode).toBe(400)
    expect(expired.json().detail).toBe(lettingMessages.tokenUnusable)
    expect((await waiting()).map((p) => p.id)).toEqual(['early', 'zoëo'])
  })

  it('sends a fresh link to an applicant who applies again with the same details: the newest works, the older not', async () => {
    const sam = applicant('sam@example.org', { firstName: 'Sam' })
    expect((await apply(sam)).statusCode).toBe(201)
    const [first] = await linksTo('sam@example.org', 1)
    // Three days on, the e-mail lost, the applicant applies again.
    moveBy(3 * DAY)
    const again = await apply(sam)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json()).toEqual({ applied: true })
    const [, second] = await linksTo('sam@example.org', 2)
    expect(second).not.toBe(first)
    const stored = () =>
      t.db.kysely
        .selectFrom('applications')
        .select('firstName')
        .where('email', '=', 'sam@example.org')
        .execute()
    expect(await stored()).toEqual([{ firstName: 'Sam' }])

    // The first link's life is over, and so is its job: the renewed application stays.
    moveBy(7 * DAY + 60_000)
    await t.app.jobs.runDue()
    const refused = await confirm(first!)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toBe(lettingMessages.tokenUnusable)
    const confirmed = await confirm(second!)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect((await send(t, committee, 'GET', '/api/people/samo')).json()).toMatchObject({
      firstName: 'Sam',
      onWaitingList: true,
    })
  })

  it("keeps an application's details when someone applies with its address before it is confirmed: only the one whose link is followed joins", async () => {
    const owner = applicant('vic@example.org', {
      firstName: 'Victoria',
      lastName: 'Owen',
      address: '3 Owner Road',
    })
    const other = applicant('vic@example.org', {
      firstName: 'Mallory',
      lastName: 'Jones',
      address: '9 Other Street',
    })
    expect((await apply(owner)).statusCode).toBe(201)
    expect((await apply(other)).statusCode).toBe(201)
    // Each has its own link, in an e-mail greeting the name it gave (sent in either order).
    const mails = await mailsTo(smtp, 'vic@example.org', lettingMessages.confirmSubject, 2)
    const linkFor = (name: string) =>
      /\/apply\/confirm\?token=([\w-]+)/.exec(
        mails.find((mail) => mail.text.startsWith(`Dear ${name},`))!.text,
      )![1]!
    const [ownersLink, othersLink] = [linkFor('Victoria'), linkFor('Mallory')]
    const stored = () =>
      t.db.kysely
        .selectFrom('applications')
        .select(['firstName', 'address', 'confirmedAt'])
        .where('email', '=', 'vic@example.org')
        .orderBy('id')
        .execute()
    expect((await stored()).map((a) => [a.firstName, a.address])).toEqual([
      ['Victoria', '3 Owner Road'],
      ['Mallory', '9 Other Street'],
    ])

    const confirmed = await confirm(ownersLink!)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect((await send(t, committee, 'GET', '/api/people/victoriao')).json()).toMatchObject({
      firstName: 'Victoria',
      lastName: 'Owen',
      address: '3 Owner Road',
      email: 'vic@example.org',
    })
    // The address is now on record: the other application went, and its link with it.
    expect(await stored()).toEqual([
      { firstName: 'Victoria', address: '3 Owner Road', confirmedAt: expect.any(String) },
    ])
    const refused = await confirm(othersLink!)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toBe(lettingMessages.tokenUnusable)
    expect((await waiting()).map((p) => p.id)).not.toContain('malloryj')
  })

  it('lets an applicant whose link expired apply again, and the new link works', async () => {
    expect((await apply(applicant('missed@example.org', { firstName: 'Mo' }))).statusCode).toBe(201)
    await linksTo('missed@example.org', 1)
    moveBy(8 * DAY)
    const again = await apply(applicant('missed@example.org', { firstName: 'Mo' }))
    expect(again.statusCode, again.body).toBe(201)
    const links = await linksTo('missed@example.org', 2)
    const confirmed = await confirm(links.at(-1)!)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
  })

  it('deletes an application nobody confirmed, with its e-mail, once its link has expired, as a job', async () => {
    const stored = () =>
      t.db.kysely
        .selectFrom('applications')
        .select('id')
        .where('email', '=', 'gone@example.org')
        .execute()
    const copies = () =>
      t.db.kysely
        .selectFrom('messages')
        .select('id')
        .where('recipient', '=', 'gone@example.org')
        .execute()
    expect((await apply(applicant('gone@example.org', { note: 'Anything' }))).statusCode).toBe(201)
    const [link] = await linksTo('gone@example.org', 1)
    moveBy(7 * DAY - 60_000)
    await t.app.jobs.runDue()
    expect(await stored()).toHaveLength(1)
    moveBy(7 * DAY + 60_000)
    await t.app.jobs.runDue()
    await expect.poll(stored, { timeout: 5_000 }).toEqual([])
    expect(await copies()).toEqual([])
    expect((await confirm(link!)).json().detail).toBe(lettingMessages.tokenUnusable)
    // The address is free again, as if it had never been used.
    expect((await apply(applicant('gone@example.org'))).statusCode).toBe(201)
    expect(await stored()).toHaveLength(1)
  })

  it('gives the applications kept before their jobs existed one each (migration 016), which deletes them in time', async () => {
    const kept = (email: string, tokenExpiresAt: string) => ({
      reference: email.slice(0, 8).toUpperCase(),
      nickname: email.split('@')[0]!,
      firstName: 'Old',
      lastName: 'Form',
      email,
      phoneNumber: '',
      address: '',
      note: '',
      tokenHash: email,
      tokenExpiresAt,
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    const later = new Date(realClock().getTime() + 3 * DAY).toISOString()
    await t.db.kysely
      .insertInto('applications')
      .values([
        kept('olddone@example.org', '2026-01-08T00:00:00.000Z'),
        kept('oldlate@example.org', later),
      ])
      .execute()
    await applicationExpiryJobs().up(t.db.kysely as never)
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select(['payload', 'runAt', 'maxAttempts'])
      .where('kind', '=', 'application-expiry')
      .where('createdAt', '>=', realClock().toISOString().slice(0, 10))
      .execute()
    const ids = await t.db.kysely
      .selectFrom('applications')
      .select(['id', 'email'])
      .where('email', 'like', 'old%')
      .orderBy('email')
      .execute()
    for (const { id, email } of ids)
      expect(
        jobs.filter((job) => JSON.parse(job.payload).applicationId === id),
        email,
      ).toHaveLength(1)
    expect(jobs.find((job) => JSON.parse(job.payload).applicationId === ids[1]!.id)).toMatchObject({
      runAt: later,
      maxAttempts: 10,
    })
    await t.app.jobs.runDue()
    const left = () =>
      t.db.kysely
        .selectFrom('applications')
        .select('email')
        .where('email', 'like', 'old%')
        .execute()
    await expect.poll(left, { timeout: 5_000 }).toEqual([{ email: 'oldlate@example.org' }])
    moveBy(3 * DAY + 60_000)
    await t.app.jobs.runDue()
    await expect.poll(left, { timeout: 5_000 }).toEqual([])
  })
})
