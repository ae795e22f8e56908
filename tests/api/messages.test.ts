import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractText, getDocumentProxy } from 'unpdf'
import { claimDue } from '#server/core/jobs/queue'
import { BASE_MERGE_FIELDS } from '#shared/domain/merge-fields'
import { mailMessages } from '#shared/messages/mail'
import { peopleMessages } from '#shared/messages/people'
import { plotMessages } from '#shared/messages/plots'
import {
  createPerson,
  createPlot,
  lastLogId,
  logsAfter,
  send,
  sendMessage,
} from '#tests/helpers/records'
import { startSmtpServer, type ReceivedMail } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Letters and e-mails to members, sent through a real SMTP server on loopback by the jobs of the
// real app on a real database.

const MINUTE = 60_000
const later = (ms: number) => new Date(Date.now() + ms)
const rent = {
  subject: 'Rent for {plots}',
  body: 'Dear {firstName},\n{amountDue} is due to {associationName}.',
}

describe.each(engines)('messages to members on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  const received: ReceivedMail[] = []
  const refuse = new Set<string>()
  let committee = ''

  const startSmtp = async (port = 0) => {
    smtp = await startSmtpServer(port, { refuse })
    // Kept across restarts of the server: what arrived at the address, whichever server took it.
    const own = smtp.received
    own.push = (...mails) => received.push(...mails)
  }

  beforeAll(async () => {
    await startSmtp()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } })
    committee = await t.signInAs(3)
    await createPlot(t, committee, 'P1', { fee: 45, paid: false })
    await createPlot(t, committee, 'P2', { fee: 30, paid: true })
    await createPlot(t, committee, 'P3')
    await createPerson(t, committee, 'ann', { firstName: 'Ann', email: 'ann@example.org' })
    await createPerson(t, committee, 'bob', {
      firstName: 'Bob',
      email: 'bob@example.org',
      contactBy: 'both',
    })
    await createPerson(t, committee, 'cyd', {
      firstName: 'Cyd',
      lastName: 'Łukasiewicz',
      email: '',
      address: '3 Lane\nRiverside RV3 3CC',
    })
    await createPerson(t, committee, 'dee', {
      firstName: 'Dee',
      email: 'dee@example.org',
      onWaitingList: true,
    })
    for (const [plot, person] of [
      ['P1', 'ann'],
      ['P2', 'ann'],
      ['P1', 'bob'],
      ['P2', 'cyd'],
    ])
      expect(
        (await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)).statusCode,
      ).toBe(200)
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const copiesOf = async (batchId: number) =>
    (await send(t, committee, 'GET', `/api/messages/${batchId}/copies`)).json() as Array<{
      personId: string
      channel: string
      status: string
      attempts: number
      lastError: string | null
    }>
  // The app's runner sends as soon as a message is queued; this waits for it to settle.
  const settled = (batchId: number) =>
    expect
      .poll(
        async () =>
          (await copiesOf(batchId)).filter((c) => ['queued', 'sending'].includes(c.status)).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(0)
  const mailsTo = (address: string) => received.filter((mail) => mail.to.includes(address))
  /** A message's letters as printed, a PDF to download (200 expected): each page's text. */
  const printed = async (batchId: number, file: 'letters' | 'letters-for-everyone') => {
    const response = await send(t, committee, 'GET', `/api/messages/${batchId}/${file}.pdf`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${file}-${batchId}.pdf"`,
    )
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload))
    return extractText(pdf, { mergePages: false })
  }
  const counts = async () => {
    const count = (table: 'message_batches' | 'messages' | 'jobs') =>
      t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    return Promise.all([count('message_batches'), count('messages'), count('jobs')])
  }

  it('previews the count and the first person’s copies as they will have them, and sends nothing', async () => {
    const before = await counts()
    const mark = await lastLogId(t)
    const response = await send(t, committee, 'POST', '/api/messages/plan', {
      audience: { kind: 'plotholders' },
      ...rent,
    })
    expect(response.statusCode, response.body).toBe(200)
    const plan = response.json()
    expect(plan).toEqual({
      people: 3,
      email: 2,
      post: 2,
      mailServer: true,
      sample: {
        personId: 'ann',
        name: 'Ann Lovelace',
        copies: [
          {
            channel: 'email',
            recipient: 'ann@example.org',
            subject: 'Rent for plots P1 and P2',
            body: 'Dear Ann,\n£45.00 is due to Riverside Allotment Association.',
          },
        ],
      },
      confirmation: expect.stringMatching(/^[\w-]{43}$/),
    })
    expect(mailMessages.goesTo(plan.people, plan.email, plan.post)).toBe(
      'This goes to 3 people: 2 by e-mail, 2 as letters to print.',
    )

    // Bob hears both ways: the preview shows his e-mail and his letter, each made out to him.
    const bobs = await send(t, committee, 'POST', '/api/messages/plan', {
      audience: { kind: 'people', ids: ['bob', 'cyd'] },
      ...rent,
    })
    const coTenant = `Dear Bob,\n£0.00 (${plotMessages.paysTheRent('Ann Lovelace', 'plot P1')}) is due to Riverside Allotment Association.`
    expect(bobs.json().sample).toEqual({
      personId: 'bob',
      name: 'Bob Lovelace',
      copies: [
        {
          channel: 'email',
          recipient: 'bob@example.org',
          subject: 'Rent for plot P1',
          body: coTenant,
        },
        {
          channel: 'post',
          recipient: 'Bob Lovelace\n1 Garden Row',
          subject: 'Rent for plot P1',
          body: coTenant,
        },
      ],
    })
    expect(mailMessages.goesTo(2, bobs.json().email, bobs.json().post)).toBe(
      'This goes to 2 people: 1 by e-mail, 2 as letters to print.',
    )
    expect(await counts()).toEqual(before)
    expect(await logsAfter(t, mark)).toEqual([])
    expect(received).toHaveLength(0)
  })

  it('sends only what its preview showed: never without it, nor once the words or the people changed', async () => {
    await createPerson(t, committee, 'gil', {
      firstName: 'Gil',
      email: 'gil@example.org',
      onWaitingList: true,
    })
    const before = await counts()
    const draft = { audience: { kind: 'people', ids: ['ann', 'gil'] }, ...rent }
    const unseen = await send(t, committee, 'POST', '/api/messages', draft)
    expect(unseen.statusCode).toBe(400)
    expect(unseen.json().detail).toBe(mailMessages.previewFirst)

    const { confirmation } = (await send(t, committee, 'POST', '/api/messages/plan', draft)).json()
    const reworded = await send(t, committee, 'POST', '/api/messages', {
      ...draft,
      body: `${draft.body}\nPlease pay by Friday.`,
      confirmation,
    })
    expect(reworded.statusCode).toBe(409)
    expect(reworded.json().detail).toBe(mailMessages.changedSincePreview)

    // Gil gives up e-mail for letters after the preview: his copy would no longer be the one shown.
    const gil = (await send(t, committee, 'GET', '/api/people/gil')).json()
    const moved = await send(t, committee, 'PUT', '/api/people/gil', {
      ...gil,
      contactBy: 'post',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const changed = await send(t, committee, 'POST', '/api/messages', { ...draft, confirmation })
    expect(changed.statusCode).toBe(409)
    expect(changed.json().detail).toBe(mailMessages.changedSincePreview)
    expect(await counts()).toEqual(before)
    expect(received).toHaveLength(0)
  })

  it('reaches every addressee with their own merge fields, and keeps each copy on record', async () => {
    const mark = await lastLogId(t)
    const response = await sendMessage(t, committee, { audience: { kind: 'plotholders' }, ...rent })
    expect(response.statusCode, response.body).toBe(201)
    const { batchId, email, post } = response.json()
    expect([email, post]).toEqual([2, 2])
    await settled(batchId)
    expect(mailsTo('ann@example.org')).toHaveLength(1)
    expect(mailsTo('bob@example.org')).toHaveLength(1)
    expect(mailsTo('ann@example.org')[0]).toMatchObject({
      subject: 'Rent for plots P1 and P2',
      text: 'Dear Ann,\n£45.00 is due to Riverside Allotment Association.',
    })
    expect(mailsTo('bob@example.org')[0]).toMatchObject({
      subject: 'Rent for plot P1',
      // Ann pays P1's rent: her co-tenant reads who pays (issue 43), not £45.00 of his own.
      text: `Dear Bob,\n£0.00 (${plotMessages.paysTheRent('Ann Lovelace', 'plot P1')}) is due to Riverside Allotment Association.`,
    })
    expect((await copiesOf(batchId)).map((c) => [c.personId, c.channel, c.status])).toEqual([
      ['ann', 'email', 'sent'],
      ['bob', 'email', 'sent'],
      ['bob', 'post', 'letter'],
      ['cyd', 'post', 'letter'],
    ])
    const annsPage = (await send(t, committee, 'GET', '/api/people/ann/messages')).json()
    expect(annsPage).toMatchObject([
      { batchId, channel: 'email', subject: 'Rent for plots P1 and P2', status: 'sent' },
    ])
    const list = (await send(t, committee, 'GET', '/api/messages')).json()
    expect(list[0]).toMatchObject({
      id: batchId,
      audience: 'All plot holders',
      createdBy: 'level3',
    })
    expect(list[0].counts).toMatchObject({ sent: 2, letter: 2, failed: 0, queued: 0 })
    expect(await logsAfter(t, mark)).toMatchObject([
      {
        methodName: 'sendMessage',
        eventCollection: 'messages',
        docId: String(batchId),
        userName: 'level3',
      },
    ])
  })

  it('prints the letters as one PDF, a page each, with the name and address in the window', async () => {
    const [batch] = (await send(t, committee, 'GET', '/api/messages')).json()
    const { totalPages, text } = await printed(batch.id, 'letters')
    expect(totalPages).toBe(2)
    expect(text[0]).toContain('Bob Lovelace')
    expect(text[0]).toContain('Dear Bob,')
    // A name beyond Western European letters prints as written (the PDF embeds DejaVu Sans).
    expect(text[1]).toContain('Cyd Łukasiewicz\n3 Lane\nRiverside RV3 3CC\n')
    expect(text[1]).toContain('Rent for plot P2')
    expect(text[1]).toContain(
      `Dear Cyd,\n£0.00 (${plotMessages.paysTheRent('Ann Lovelace', 'plot P2')}) is due to Riverside`,
    )
    expect(text[1]).toContain('Riverside Allotment Association')
    expect(text[1]).not.toContain('Bob')
  })

  it('prints a letter for everyone, those sent an e-mail too, a page each, made out to them', async () => {
    const [batch] = (await send(t, committee, 'GET', '/api/messages')).json()
    const { totalPages, text } = await printed(batch.id, 'letters-for-everyone')
    // Ann was e-mailed only; Bob, reached both ways, has his letter once; Cyd her letter.
    expect(totalPages).toBe(3)
    expect(text[0]).toContain('Ann Lovelace\n1 Garden Row\n')
    expect(text[0]).toContain('Rent for plots P1 and P2')
    expect(text[0]).toContain('Dear Ann,\n£45.00 is due to Riverside Allotment Association.')
    expect(text[0]).not.toContain('ann@example.org')
    expect(text[1]).toContain('Bob Lovelace\n1 Garden Row\n')
    expect(text[1]).toContain('Dear Bob,')
    expect(text[2]).toContain('Cyd Łukasiewicz\n3 Lane\nRiverside RV3 3CC\n')
    expect(text[2]).toContain('Dear Cyd,')

    const missing = await send(t, committee, 'GET', '/api/messages/9999/letters-for-everyone.pdf')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail).toBe(mailMessages.messageMissing)
  })

  it('dates the letters by the server clock (TODAY), not the machine one', async () => {
    const batches: Array<{ id: number; counts: { letter: number } }> = (
      await send(t, committee, 'GET', '/api/messages')
    ).json()
    const withLetters = batches.find((batch) => batch.counts.letter > 0)!
    const realClock = t.app.config.clock
    t.app.config.clock = () => new Date('2031-03-04T12:00:00Z')
    try {
      const { text } = await printed(withLetters.id, 'letters')
      expect(text[0]).toContain('4 March 2031')
    } finally {
      t.app.config.clock = realClock
    }
  })

  it('answers a message without letters with a clear 404', async () => {
    const response = await sendMessage(t, committee, {
      audience: { kind: 'people', ids: ['ann'] },
      subject: 'E-mail only',
      body: 'Hello',
    })
    const { batchId } = response.json()
    await settled(batchId)
    const letters = await send(t, committee, 'GET', `/api/messages/${batchId}/letters.pdf`)
    expect(letters.statusCode).toBe(404)
    expect(letters.json().detail).toBe(mailMessages.noLetters)
  })

  it('retries copies a server refused or could not take, after their back-off, and sends none twice', async () => {
    received.length = 0
    refuse.add('bob@example.org')
    const response = await sendMessage(t, committee, {
      audience: { kind: 'people', ids: ['ann', 'bob', 'dee'] },
      subject: 'Water is off',
      body: 'Dear {firstName}, the water is off on Saturday.',
    })
    const { batchId } = response.json()
    await settled(batchId)
    const first = await copiesOf(batchId)
    expect(first.map((c) => [c.personId, c.status, c.attempts])).toEqual([
      ['ann', 'sent', 1],
      ['bob', 'failed', 1],
      ['bob', 'letter', 0],
      ['dee', 'sent', 1],
    ])
    expect(first[1]!.lastError).toContain('550')
    expect(first[1]!.lastError).toContain('Recipient address rejected')

    // The mail server goes down: the next attempt fails too, and the copies sent stay sent.
    const port = smtp.port
    await smtp.close()
    expect(await t.app.jobs.runDue(later(MINUTE + 1000))).toBe(1)
    const second = await copiesOf(batchId)
    expect(second.map((c) => [c.personId, c.status, c.attempts])).toEqual([
      ['ann', 'sent', 1],
      ['bob', 'failed', 2],
      ['bob', 'letter', 0],
      ['dee', 'sent', 1],
    ])
    expect(second[1]!.lastError).toMatch(/ECONNREFUSED|connect/)

    // Back up and taking Bob's mail again: his copy goes, once.
    refuse.clear()
    await startSmtp(port)
    expect(await t.app.jobs.runDue(later(4 * MINUTE))).toBe(1)
    const third = await copiesOf(batchId)
    expect(third.map((c) => [c.personId, c.status, c.attempts])).toEqual([
      ['ann', 'sent', 1],
      ['bob', 'sent', 3],
      ['bob', 'letter', 0],
      ['dee', 'sent', 1],
    ])
    expect(['ann', 'bob', 'dee'].map((p) => mailsTo(`${p}@example.org`).length)).toEqual([1, 1, 1])
    expect(await t.app.jobs.runDue(later(60 * MINUTE))).toBe(0)
  })

  it('refuses bad drafts and empty groups with a clear message, and queues nothing', async () => {
    const before = await counts()
    const refusals: Array<[object, number, string]> = [
      [
        {
          audience: { kind: 'plotholders' },
          subject: 'Hi {frstName}',
          body: 'Dear {firstName} {nickname}',
        },
        400,
        mailMessages.unknownMergeFields(['frstName', 'nickname'], BASE_MERGE_FIELDS),
      ],
      [
        {
          audience: { kind: 'plotholders' },
          subject: 'Rent\r\nBcc: everyone@example.org',
          body: 'x',
        },
        400,
        mailMessages.subjectOneLine,
      ],
      [
        { audience: { kind: 'plotholders' }, subject: '  ', body: 'x' },
        400,
        mailMessages.subjectRequired,
      ],
      [{ audience: { kind: 'plot', plotId: 'P3' }, ...rent }, 400, mailMessages.emptyGroup],
      [
        { audience: { kind: 'plot', plotId: 'P404' }, ...rent },
        404,
        plotMessages.plotMissing('P404'),
      ],
      [{ audience: { kind: 'people', ids: [] }, ...rent }, 400, mailMessages.chooseSomeone],
      [
        { audience: { kind: 'people', ids: ['ann', 'nobody'] }, ...rent },
        400,
        peopleMessages.personMissing('nobody'),
      ],
    ]
    // The send checks the draft as the preview does, before its confirmation.
    for (const [draft, status, detail] of refusals) {
      for (const [url, body] of [
        ['/api/messages/plan', draft],
        ['/api/messages', { ...draft, confirmation: 'not-a-preview' }],
      ] as const) {
        const response = await send(t, committee, 'POST', url, body)
        expect(response.statusCode, `${url} ${JSON.stringify(draft)}`).toBe(status)
        expect(response.json().detail).toBe(detail)
      }
    }
    expect(await counts()).toEqual(before)
  })

  it('lets only the committee write to members or read what was sent', async () => {
    const land = await t.signInAs(2)
    for (const [method, url] of [
      ['POST', '/api/messages/plan'],
      ['POST', '/api/messages'],
      ['GET', '/api/messages'],
      ['GET', '/api/messages/1/copies'],
      ['GET', '/api/people/ann/messages'],
      ['GET', '/api/messages/1/letters.pdf'],
      ['GET', '/api/messages/1/letters-for-everyone.pdf'],
    ] as const) {
      const body = method === 'POST' ? { audience: { kind: 'plotholders' }, ...rent } : undefined
      expect((await send(t, land, method, url, body)).statusCode).toBe(403)
      expect((await send(t, undefined, method, url, body)).statusCode).toBe(401)
    }
  })

  // Last: it stops the app's own runner, to play a runner that died mid-send.
  it('does not send again a copy a dead runner was sending, and says it may have arrived', async () => {
    await t.app.jobs.stop()
    received.length = 0
    const response = await sendMessage(t, committee, {
      audience: { kind: 'people', ids: ['ann', 'dee'] },
      subject: 'AGM',
      body: 'Dear {firstName}, the AGM is on Friday.',
    })
    const { batchId } = response.json()
    const [job] = await claimDue(t.db, { owner: 'died', now: new Date(), leaseMs: MINUTE }, 1, [
      'send-copies',
    ])
    expect(job).toBeDefined()
    const [ann] = await copiesOf(batchId)
    await t.db.kysely
      .updateTable('messages')
      .set({ status: 'sending', attempts: 1 })
      .where('personId', '=', 'ann')
      .where('batchId', '=', batchId)
      .execute()
    expect(ann!.personId).toBe('ann')

    expect(await t.app.jobs.runDue(later(MINUTE + 1000))).toBe(1)
    const copies = await copiesOf(batchId)
    expect(copies.map((c) => [c.personId, c.status])).toEqual([
      ['ann', 'interrupted'],
      ['dee', 'sent'],
    ])
    expect(copies[0]!.lastError).toBe(mailMessages.messageInterrupted)
    expect(mailsTo('ann@example.org')).toHaveLength(0)
    expect(mailsTo('dee@example.org')).toHaveLength(1)
  })
})

describe.each(engines)('messages without a mail server on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())

  it('says so before sending, writes each e-mail to the outbox folder and calls it that', async () => {
    const committee = await t.signInAs(3)
    await createPerson(t, committee, 'eve', { firstName: 'Eve', email: 'eve@example.org' })
    const draft = {
      audience: { kind: 'people', ids: ['eve'] },
      subject: 'Hello {firstName}',
      body: 'Hi',
    }
    const plan = await send(t, committee, 'POST', '/api/messages/plan', draft)
    expect(plan.json()).toMatchObject({ email: 1, post: 0, mailServer: false })
    const { batchId } = (await sendMessage(t, committee, draft)).json()
    await expect
      .poll(
        async () =>
          (await send(t, committee, 'GET', `/api/messages/${batchId}/copies`)).json()[0].status,
      )
      .toBe('outbox')
    const [copy] = (await send(t, committee, 'GET', `/api/messages/${batchId}/copies`)).json()
    const file = path.join(t.dataDir, 'outbox', `message-${copy.id}.eml`)
    expect(fs.readFileSync(file, 'utf8')).toContain('Subject: Hello Eve')
  })
})
