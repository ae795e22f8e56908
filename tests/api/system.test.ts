import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/core/config'
import type { SystemState } from '#shared/schemas/system'
import { createPerson, send, sendMessage } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// /health for a proxy or a monitor, and the administrator's System page (issue 45).

const { version } = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
) as { version: string }

describe.each(engines)('health and the System page on %s', (engine) => {
  let t: TestApp
  let admin = ''
  const health = () => t.app.inject({ method: 'GET', url: '/health' })
  const system = async (cookie = admin) => send(t, cookie, 'GET', '/api/system')

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4)
  })
  afterAll(() => t.close())

  it('answers a monitor 200 with a status word only, as often as it asks', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, health))
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200))
    const [first] = answers
    expect(first!.json()).toEqual({ status: 'ok' })
    expect(first!.headers['cache-control']).toBe('no-store')
    expect(first!.body).not.toContain(version)
  })

  it('shows the administrator the version, database, migrations, jobs, e-mails and disk', async () => {
    const committee = await t.signInAs(3)
    // An e-mail with no mail server set goes to the outbox folder: sent to no one.
    await createPerson(t, committee, 'ann', { email: 'ann@example.org' })
    const message = await sendMessage(t, committee, {
      audience: { kind: 'people', ids: ['ann'] },
      subject: 'Hello',
      body: 'Hi {firstName}',
    })
    expect(message.statusCode, message.body).toBe(201)
    const now = new Date().toISOString()
    const job = { payload: '{}', maxAttempts: 3, createdAt: now }
    await t.db.kysely
      .insertInto('jobs')
      .values([
        { ...job, kind: 'never-defined', runAt: '2099-01-01T00:00:00.000Z', attempts: 0 },
        {
          ...job,
          kind: 'deliver-enquiry',
          runAt: now,
          attempts: 3,
          finishedAt: now,
          outcome: 'failed',
          lastError: 'connect ECONNREFUSED 127.0.0.1:25',
        },
      ])
      .execute()

    await expect
      .poll(async () => (await system()).json<SystemState>().email.inOutbox, { timeout: 10_000 })
      .toBe(1)
    const answer = await system()
    expect(answer.statusCode, answer.body).toBe(200)
    const state = answer.json<SystemState>()
    expect(state.version).toBe(version)
    expect(state.database.engine).toBe(engine)
    expect(state.database.bytes).toBeGreaterThan(10_000)
    expect(state.migrations.applied).toBe(state.migrations.known)
    expect(state.migrations.latest).toMatch(/^\d{3}-/)
    expect(state.disk.folder).toBe(t.dataDir)
    expect(state.disk.freeBytes).toBeGreaterThan(0)
    expect(state.disk.totalBytes).toBeGreaterThanOrEqual(state.disk.freeBytes)
    expect(state.jobs).toMatchObject({ later: 1, failed: 1 })
    expect(state.jobs.latestFailed).toEqual([
      expect.objectContaining({
        kind: 'deliver-enquiry',
        attempts: 3,
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      }),
    ])
    expect(state.email).toEqual({
      way: 'outbox',
      waiting: 0,
      failed: 0,
      interrupted: 0,
      inOutbox: 1,
    })
    expect(state.backup).toMatchObject({ time: null, last: null, kept: [] })
  })

  it('refuses the System page below the administrator', async () => {
    expect((await system(await t.signInAs(3))).statusCode).toBe(403)
    expect((await system('')).statusCode).toBe(401)
  })

  // While stopping, Fastify answers 503 itself; the real process shows it under SIGTERM
  // (scripts/crash/shutdown.ts). Last: it closes the database.
  it('answers 503 when the database does not answer', async () => {
    await t.db.destroy()
    const answer = await health()
    expect(answer.statusCode).toBe(503)
    expect(answer.json()).toEqual({ status: 'unavailable' })
  })
})

describe('health in the log', () => {
  it('leaves no line per request, where other requests leave theirs', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-health-'))
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' })
    const app = await buildApp({ config, logger: { level: 'info', stream } })
    try {
      await app.ready()
      for (let n = 0; n < 5; n++) await app.inject({ method: 'GET', url: '/health' })
      await app.inject({ method: 'GET', url: '/api/site' })
      expect(lines.filter((line) => line.includes('/api/site')).length).toBeGreaterThan(0)
      expect(lines.filter((line) => line.includes('/health'))).toEqual([])
    } finally {
      await app.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
