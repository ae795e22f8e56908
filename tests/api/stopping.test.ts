import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPerson, send, sendMessage } from '#tests/helpers/records'
import { startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// An instance stopping (SIGTERM) while a message goes out: the e-mails being handed to the mail
// server finish, the rest stay queued, and the job goes back to the queue at once, its attempt
// not counted; the next runner sends the rest. No copy is cut off, none is sent twice. The real
// process under SIGTERM is scripts/crash/shutdown.ts (npm run test:crash).

const PEOPLE = 30

describe.each(engines)('stopping while a message goes out on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''

  beforeAll(async () => {
    smtp = await startSmtpServer(0, { delayMs: 300 })
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url, JOB_POLL_MS: '50' } })
    committee = await t.signInAs(3)
    for (let n = 0; n < PEOPLE; n++)
      await createPerson(t, committee, `p${n}`, { email: `p${n}@example.org` })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const copies = async (batchId: number) =>
    (await send(t, committee, 'GET', `/api/messages/${batchId}/copies`)).json() as Array<{
      status: string
    }>
  const statuses = async (batchId: number) => {
    const counts: Record<string, number> = {}
    for (const { status } of await copies(batchId)) counts[status] = (counts[status] ?? 0) + 1
    return counts
  }

  it('finishes the e-mails under way, hands the rest back, and the next runner sends them', async () => {
    const queued = await sendMessage(t, committee, {
      audience: { kind: 'people', ids: Array.from({ length: PEOPLE }, (_, n) => `p${n}`) },
      subject: 'Work day',
      body: 'Dear {firstName}, the work day is on Saturday.',
    })
    expect(queued.statusCode, queued.body).toBe(201)
    const { batchId } = queued.json<{ batchId: number }>()
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBeGreaterThan(0)

    await t.app.jobs.stop()
    const stopped = await statuses(batchId)
    expect(Object.keys(stopped).sort()).toEqual(['queued', 'sent'])
    expect(smtp.received).toHaveLength(stopped.sent!)
    const [job] = await t.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'send-copies')
      .execute()
    expect(job).toMatchObject({ finishedAt: null, lockedBy: null, lockedUntil: null, attempts: 0 })

    t.app.jobs.start()
    await expect.poll(() => statuses(batchId), { timeout: 15_000 }).toEqual({ sent: PEOPLE })
    const addresses = smtp.received.flatMap((mail) => mail.to).sort()
    expect(addresses).toEqual(Array.from({ length: PEOPLE }, (_, n) => `p${n}@example.org`).sort())
  })
})
