import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpServer } from '#tests/helpers/smtp'
import {
  claimAdministrator,
  freePort,
  startServer,
  type TestServer,
} from '#tests/helpers/server-process'
import { personInput } from '#tests/helpers/records'
import { createScratchDatabase, withPg, type ScratchDatabase } from '#tests/helpers/postgres'

// Two real server processes on one PostgreSQL database, each retrying unsent enquiries every
// second: with the mail server down and then back, every enquiry reaches it exactly once
// (decision 0005 accepted a duplicate here; decision 0018 removes it). PostgreSQL only, like
// tests/api/instances.test.ts; skipped, never passed, without TEST_DATABASE_URL.
const baseUrl = process.env.TEST_DATABASE_URL
const ENQUIRIES = 24
const MEMBERS = 220

describe.runIf(!!baseUrl)('two instances retrying enquiries on one PostgreSQL database', () => {
  let database: ScratchDatabase | undefined
  let servers: TestServer[] = []
  let smtpPort = 0

  beforeAll(async () => {
    database = await createScratchDatabase(baseUrl!, 'jobs')
    smtpPort = await freePort()
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      EMAIL_RETRY_SECONDS: '1',
      JOB_POLL_MS: '20',
    }
    servers.push(await startServer({ env }))
    servers.push(await startServer({ env }))
  }, 180_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true })
    servers = []
    await database?.drop()
  }, 60_000)

  it('sends each enquiry once when the mail server comes back', async () => {
    for (let n = 0; n < ENQUIRIES; n++) {
      const server = servers[n % 2]!
      const response = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          name: `Writer ${n}`,
          email: `w${n}@example.org`,
          enquiry: `Enquiry number ${n}.`,
        }),
      })
      expect(response.status).toBe(201)
      expect(await response.json()).toMatchObject({ sent: false })
    }

    const smtp = await startSmtpServer(smtpPort)
    try {
      await expect
        .poll(() => smtp.received.length, { timeout: 30_000, interval: 100 })
        .toBeGreaterThanOrEqual(ENQUIRIES)
      // Both instances keep polling; any second copy would arrive in this time.
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      const numbers = smtp.received.map((mail) => /Enquiry number (\d+)\./.exec(mail.raw)?.[1])
      expect(numbers.toSorted()).toEqual(
        Array.from({ length: ENQUIRIES }, (_, n) => String(n)).toSorted(),
      )
    } finally {
      await smtp.close()
    }
    const rows = await withPg(database!.url, (client) =>
      client.query<{ sent: number; jobs: number }>(
        `select (select count(*)::int from enquiries where "sentAt" is not null) as sent,
                (select count(*)::int from jobs where outcome = 'done') as jobs`,
      ),
    )
    expect(rows.rows[0]).toEqual({ sent: ENQUIRIES, jobs: ENQUIRIES })
  }, 90_000)

  it('sends each copy of a message to members once, whichever instance claims its part', async () => {
    const [a, b] = servers as [TestServer, TestServer]
    const password = await claimAdministrator(a)
    const signIn = await fetch(`${b.url}/api/auth/sign-in/username`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    })
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const post = (server: TestServer, path: string, body: object) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify(body),
      })
    for (let n = 0; n < MEMBERS; n += 20) {
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          post(a, '/api/people', personInput(`m${n + k}`, { email: `m${n + k}@example.org` })),
        ),
      )
      expect(made.map((r) => r.status)).toEqual(Array(20).fill(201))
    }

    const smtp = await startSmtpServer(smtpPort)
    try {
      // Previewed on A, queued on B; its parts (50 copies each) are claimed by A's and B's
      // runners as they poll.
      const draft = {
        audience: { kind: 'plotholders' },
        subject: 'Hello {firstName}',
        body: 'Dear {firstName}, the water is off on Saturday.',
      }
      const plan = await post(a, '/api/messages/plan', draft)
      expect(plan.status, await plan.clone().text()).toBe(200)
      const { confirmation } = (await plan.json()) as { confirmation: string }
      const queued = await post(b, '/api/messages', { ...draft, confirmation })
      expect(queued.status, await queued.clone().text()).toBe(201)
      await expect
        .poll(() => smtp.received.length, { timeout: 30_000, interval: 100 })
        .toBeGreaterThanOrEqual(MEMBERS)
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      const addresses = smtp.received.flatMap((mail) => mail.to).toSorted()
      expect(addresses).toEqual(
        Array.from({ length: MEMBERS }, (_, n) => `m${n}@example.org`).toSorted(),
      )
    } finally {
      await smtp.close()
    }
  }, 90_000)
})
