import fs from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'
import { startSmtpServer } from '#tests/helpers/smtp'
import { freePort } from '#tests/helpers/server-process'

const enquiry = { name: 'Ann Example', email: 'Ann@Example.org', enquiry: 'Is there a plot free?' }

describe.each(engines)('contact enquiries on %s', (engine) => {
  describe('with an SMTP server', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>
    let t: TestApp
    beforeAll(async () => {
      smtp = await startSmtpServer()
      t = await createTestApp(engine, {
        env: { SMTP_URL: smtp.url, CONTACT_TO: 'committee@example.org' },
      })
    })
    afterAll(async () => {
      await t.close()
      await smtp.close()
    })

    it('stores the enquiry and emails it to the committee with name, email and enquiry', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry })
      expect(response.statusCode).toBe(201)
      expect(response.json()).toMatchObject({ sent: true })
      expect(smtp.received).toHaveLength(1)
      const mail = smtp.received[0]!
      expect(mail.to).toEqual(['committee@example.org'])
      expect(mail.raw).toContain('Ann Example')
      expect(mail.raw).toContain('ann@example.org')
      expect(mail.raw).toContain('Is there a plot free?')
      const rows = await t.db.kysely.selectFrom('enquiries').selectAll().execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]!.sentAt).not.toBeNull()
    })

    it('lists the enquiry as sent by mail', async () => {
      const cookie = await t.signInAs(3)
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/enquiries',
        headers: { cookie },
      })
      expect(listed.json()).toMatchObject([
        { name: 'Ann Example', sent: true, deliveredTo: 'smtp' },
      ])
      expect(listed.json()[0].sentAt).toBeTruthy()
    })

    it("sends as the name and to the addresses the administrator saved, from the server's own address", async () => {
      const admin = await t.signInAs(4, 'mail-admin')
      const current = await t.app.inject({
        method: 'GET',
        url: '/api/settings',
        headers: { cookie: admin },
      })
      expect(current.json()).toMatchObject({
        senderName: 'Allotment Association',
        replyTo: '',
        committeeEmail: 'committee@example.org',
      })
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie: admin },
        payload: {
          ...current.json<object>(),
          senderName: 'Riverside Allotments',
          replyTo: 'Secretary@Riverside.example',
          committeeEmail: 'enquiries@riverside.example',
        },
      })
      expect(saved.statusCode, saved.body).toBe(200)
      smtp.received.length = 0

      await t.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry })
      await t.app.mailer.send({ to: 'member@example.org', subject: 'Hello', text: 'Hi' }, 'hello')
      const [toCommittee, toMember] = smtp.received
      expect(toCommittee!.to).toEqual(['enquiries@riverside.example'])
      // An enquiry's reply goes to whoever asked; every other e-mail's to the association.
      expect(toCommittee!.raw).toMatch(/^Reply-To: Ann Example <ann@example\.org>$/m)
      expect(toMember!.raw).toMatch(/^From: Riverside Allotments <no-reply@allotment\.example>$/m)
      expect(toMember!.raw).toMatch(/^Reply-To: Secretary@Riverside\.example$/im)
    })

    it('refuses an invalid address with the spec message and stores nothing', async () => {
      const before = await t.db.kysely.selectFrom('enquiries').select('id').execute()
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...enquiry, email: 'not-an-address' },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().detail).toBe('Please enter a valid email address!')
      const after = await t.db.kysely.selectFrom('enquiries').select('id').execute()
      expect(after).toHaveLength(before.length)
    })
  })

  describe('with the SMTP server down', () => {
    let t: TestApp
    let port: number
    beforeAll(async () => {
      port = await freePort()
      t = await createTestApp(engine, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } })
    })
    afterAll(() => t.close())

    it('keeps the enquiry, shows it unsent, and sends it once the server is back', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry })
      expect(response.statusCode).toBe(201)
      expect(response.json()).toMatchObject({ sent: false })
      const cookie = await t.signInAs(3)
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/enquiries',
        headers: { cookie },
      })
      expect(listed.json()).toMatchObject([
        { name: 'Ann Example', sent: false, deliveredTo: null, attempts: 1 },
      ])
      expect(listed.json()[0].lastError).toBeTruthy()

      const smtp = await startSmtpServer(port)
      // The next attempt is due EMAIL_RETRY_SECONDS (an hour here) after the first.
      expect(await t.app.jobs.runDue(new Date(Date.now() + 3_500_000))).toBe(0)
      expect(await t.app.jobs.runDue(new Date(Date.now() + 3_601_000))).toBe(1)
      await smtp.close()
      expect(smtp.received).toHaveLength(1)
      const relisted = await t.app.inject({
        method: 'GET',
        url: '/api/enquiries',
        headers: { cookie },
      })
      expect(relisted.json()).toMatchObject([
        { sent: true, deliveredTo: 'smtp', attempts: 2, lastError: null },
      ])
    })
  })

  describe('without SMTP configured', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(engine)
    })
    afterAll(() => t.close())

    it('writes the email to the outbox folder as an .eml file', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry })
      expect(response.json()).toMatchObject({ sent: true })
      const outbox = path.join(t.dataDir, 'outbox')
      const files = fs.readdirSync(outbox)
      expect(files).toEqual([`enquiry-${response.json().id}.eml`])
      expect(fs.readFileSync(path.join(outbox, files[0]!), 'utf8')).toContain(
        'Is there a plot free?',
      )
    })

    it('lists the enquiry as saved in the outbox, not as sent by mail', async () => {
      const cookie = await t.signInAs(3)
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/enquiries',
        headers: { cookie },
      })
      expect(listed.json()).toMatchObject([
        { name: 'Ann Example', sent: true, deliveredTo: 'outbox' },
      ])
    })

    it('dates an enquiry and its sending by the server clock (TODAY), not the machine one', async () => {
      const realClock = t.app.config.clock
      t.app.config.clock = () => new Date('2031-03-04T12:00:00Z')
      try {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: enquiry,
        })
        expect(response.json()).toMatchObject({ sent: true })
        const stored = await t.db.kysely
          .selectFrom('enquiries')
          .select(['createdAt', 'sentAt'])
          .where('id', '=', response.json().id)
          .executeTakeFirstOrThrow()
        expect(stored).toEqual({
          createdAt: '2031-03-04T12:00:00.000Z',
          sentAt: '2031-03-04T12:00:00.000Z',
        })
      } finally {
        t.app.config.clock = realClock
      }
    })
  })
})

describe('EmailJS transport', () => {
  // A local HTTP server answering as the hosted email API does, one status per test.
  let status = 200
  const bodies: string[] = []
  const api = http.createServer((request, response) => {
    let body = ''
    request.on('data', (c: Buffer) => (body += c.toString()))
    request.on('end', () => {
      bodies.push(`${request.url}\n${body}`)
      response.statusCode = status
      response.end(status === 200 ? 'OK' : 'refused')
    })
  })
  let t: TestApp
  beforeAll(async () => {
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    const { port } = api.address() as AddressInfo
    t = await createTestApp('sqlite', {
      env: {
        EMAILJS_SERVICE_ID: 'service_test',
        EMAILJS_TEMPLATE_ID: 'template_test',
        EMAILJS_PUBLIC_KEY: 'public_test',
        EMAILJS_URL: `http://127.0.0.1:${port}`,
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await new Promise<void>((resolve) => api.close(() => resolve()))
  })

  it('posts the form fields with the library version, service, template and key', async () => {
    status = 200
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry })
    expect(response.json()).toMatchObject({ sent: true })
    const last = bodies.at(-1)!
    expect(last).toContain('/api/v1.0/email/send-form')
    for (const part of [
      'Ann Example',
      'ann@example.org',
      'Is there a plot free?',
      '4.2.0',
      'service_test',
      'template_test',
      'public_test',
    ]) {
      expect(last).toContain(part)
    }
    const row = await t.db.kysely
      .selectFrom('enquiries')
      .select('deliveredTo')
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow()
    expect(row.deliveredTo).toBe('emailjs')
  })

  it.each([
    [451, 'Unavailable For Headless Browser'],
    [403, 'Forbidden'],
    [429, 'Too Many Requests'],
  ])('records status %i as %s and keeps the enquiry unsent', async (code, message) => {
    status = code
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry })
    expect(response.json()).toMatchObject({ sent: false })
    const row = await t.db.kysely
      .selectFrom('enquiries')
      .selectAll()
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow()
    expect(row.lastError).toBe(message)
    expect(row.sentAt).toBeNull()
  })

  it('calls an unreachable API a Network Error', async () => {
    const { loadConfig } = await import('#server/core/config')
    const { createMailer, createTransport } = await import('#server/core/email/transport')
    const port = await freePort()
    const { email } = loadConfig({
      EMAILJS_SERVICE_ID: 's',
      EMAILJS_TEMPLATE_ID: 't',
      EMAILJS_PUBLIC_KEY: 'k',
      EMAILJS_URL: `http://127.0.0.1:${port}`,
    })
    const settings = async () => ({ senderName: '', replyTo: '', committeeEmail: email.contactTo })
    const transport = createTransport(email, createMailer(email, settings), settings)
    await expect(transport.send(enquiry, '1')).rejects.toThrow('Network Error')
  })

  it('refuses to start with only some of the EmailJS settings', async () => {
    const { loadConfig } = await import('#server/core/config')
    expect(() => loadConfig({ EMAILJS_SERVICE_ID: 'only-this' })).toThrow(/EMAILJS_TEMPLATE_ID/)
  })
})
