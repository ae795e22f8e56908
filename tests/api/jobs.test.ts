import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Db } from '#server/core/db/database'
import { contextFor } from '#server/core/db/migrations/index'
import { jobs as jobsMigration } from '#server/core/db/migrations/009-jobs'
import { writeTransaction } from '#server/core/db/write-transaction'
import { claimDue, finish } from '#server/core/jobs/queue'
import { createJobRunner, type JobKind, type JobRunner } from '#server/core/jobs/runner'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Scheduled work on a real database: stored, claimed by one runner, retried after its back-off,
// kept across a restart, and run once by two instances (docs/decisions/0018).

const MINUTE = 60_000

function runnerOn(db: Db, t: TestApp, options: { pollMs?: number; batch?: number } = {}) {
  return createJobRunner(db, {
    log: t.app.log,
    pollMs: options.pollMs ?? 60_000,
    leaseMs: MINUTE,
    batch: options.batch ?? 10,
  })
}

// A kind whose runs are counted per job, failing its first `failures` attempts.
function countedKind(name: string, failures = 0) {
  const runs = new Map<number, number>()
  const kind: JobKind<{ n: number }> = {
    kind: name,
    payload: z.object({ n: z.number() }),
    maxAttempts: 3,
    backOffMs: (attempts) => attempts * MINUTE,
    async run({ n }) {
      runs.set(n, (runs.get(n) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3))
      if ((runs.get(n) ?? 0) <= failures) throw new Error(`refused attempt ${runs.get(n)}`)
    },
  }
  return { kind, runs }
}

const jobRow = (db: Db, id: number) =>
  db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

const later = (ms: number) => new Date(Date.now() + ms)

describe.each(engines)('jobs on %s', (engine) => {
  let t: TestApp
  const others: Db[] = []
  const runners: JobRunner[] = []
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()))
    await Promise.all(others.map((db) => db.destroy()))
    await t.close()
  })

  const connection = () => {
    const db = t.anotherConnection()
    others.push(db)
    return db
  }
  const runner = (db: Db, options?: { pollMs?: number; batch?: number }) => {
    const created = runnerOn(db, t, options)
    runners.push(created)
    return created
  }

  it('runs a due job once and records it done; a job due later waits for its time', async () => {
    const { kind, runs } = countedKind('count-once')
    const jobs = runner(t.db)
    jobs.define(kind)
    const [now, soon] = await writeTransaction(t.db, (tx) =>
      Promise.all([
        jobs.enqueue(tx, kind, { n: 1 }),
        jobs.enqueue(tx, kind, { n: 2 }, later(MINUTE)),
      ]),
    )
    expect(await jobs.runDue()).toBe(1)
    expect(await jobs.runDue()).toBe(0)
    expect(runs).toEqual(new Map([[1, 1]]))
    expect(await jobRow(t.db, now!.id)).toMatchObject({
      outcome: 'done',
      attempts: 1,
      lockedBy: null,
    })
    expect(await jobRow(t.db, soon!.id)).toMatchObject({ outcome: null, attempts: 0 })
    expect(await jobs.runDue(later(MINUTE + 1000))).toBe(1)
    expect(runs.get(2)).toBe(1)
  })

  it('retries a failing job after its back-off, then ends it as failed with the last error', async () => {
    const { kind, runs } = countedKind('always-fails', Infinity)
    const jobs = runner(t.db)
    jobs.define(kind)
    const job = await writeTransaction(t.db, (tx) => jobs.enqueue(tx, kind, { n: 7 }))
    expect(await jobs.runDue()).toBe(1)
    expect(await jobRow(t.db, job.id)).toMatchObject({
      outcome: null,
      attempts: 1,
      lastError: 'refused attempt 1',
    })
    // The first back-off is one minute: not due before it, due after.
    expect(await jobs.runDue(later(MINUTE - 5000))).toBe(0)
    expect(await jobs.runDue(later(MINUTE + 5000))).toBe(1)
    expect(await jobs.runDue(later(4 * MINUTE))).toBe(1)
    const ended = await jobRow(t.db, job.id)
    expect(ended).toMatchObject({ outcome: 'failed', attempts: 3, lastError: 'refused attempt 3' })
    expect(ended.finishedAt).not.toBeNull()
    expect(await jobs.runDue(later(60 * MINUTE))).toBe(0)
    expect(runs.get(7)).toBe(3)
  })

  it('keeps a job across a restart, and takes up one whose runner died holding it', async () => {
    const { kind, runs } = countedKind('survives')
    // The first instance stores two jobs and claims one, then goes away without running either.
    const first = connection()
    const stored = await writeTransaction(first, (tx) =>
      Promise.all([1, 2].map((n) => runnerOn(first, t).enqueue(tx, kind, { n }))),
    )
    const [held] = await claimDue(first, { owner: 'died', now: new Date(), leaseMs: MINUTE }, 1, [
      kind.kind,
    ])
    expect(held?.id).toBe(stored[0]!.id)
    await first.destroy()
    others.splice(others.indexOf(first), 1)

    const second = runner(connection())
    second.define(kind)
    expect(await second.runDue()).toBe(1)
    expect(runs).toEqual(new Map([[2, 1]]))
    // Once the dead runner's lease is over, the job it held is run, and its late word changes nothing.
    expect(await second.runDue(later(MINUTE + 1000))).toBe(1)
    expect(runs).toEqual(
      new Map([
        [1, 1],
        [2, 1],
      ]),
    )
    expect(await finish(t.db, held!, 'died', new Date())).toBe(false)
    expect(await jobRow(t.db, held!.id)).toMatchObject({ outcome: 'done', attempts: 2 })
  })

  it('leaves a kind it does not know to the runners that know it', async () => {
    const { kind } = countedKind('newer-kind')
    const knows = runner(t.db)
    knows.define(kind)
    const older = runner(t.db)
    older.define(countedKind('older-kind').kind)
    const job = await writeTransaction(t.db, (tx) => knows.enqueue(tx, kind, { n: 1 }))
    expect(await older.runDue()).toBe(0)
    expect(await jobRow(t.db, job.id)).toMatchObject({ attempts: 0, lockedBy: null })
    expect(await knows.runDue()).toBe(1)
  })

  it('runs each of 300 jobs exactly once with two instances polling side by side', async () => {
    const { kind, runs } = countedKind('shared')
    const a = runner(connection(), { pollMs: 2, batch: 7 })
    const b = runner(connection(), { pollMs: 2, batch: 7 })
    a.define(kind)
    b.define(kind)
    a.start()
    b.start()
    const ids = await writeTransaction(t.db, (tx) =>
      Promise.all(Array.from({ length: 300 }, (_, n) => a.enqueue(tx, kind, { n }))),
    )
    await expect.poll(() => runs.size, { timeout: 30_000, interval: 50 }).toBe(300)
    await Promise.all([a.stop(), b.stop()])
    expect([...runs.values()].every((count) => count === 1)).toBe(true)
    const rows = await t.db.kysely
      .selectFrom('jobs')
      .select(['outcome', 'attempts'])
      .where(
        'id',
        'in',
        ids.map((job) => job.id),
      )
      .execute()
    expect(rows.every((row) => row.outcome === 'done' && row.attempts === 1)).toBe(true)
  })

  // Last: it makes the jobs table again, as its migration did when a database was upgraded.
  it('gives each enquiry left unsent before jobs existed a job when the table is made', async () => {
    await t.app.jobs.stop() // so that the new job is looked at here first
    const stored = await t.db.kysely
      .insertInto('enquiries')
      .values(
        [1, 0].map((attempts) => ({
          name: 'Old Enquirer',
          email: 'old@example.org',
          enquiry: 'From before the upgrade.',
          createdAt: '2024-01-01T00:00:00.000Z',
          sentAt: attempts ? null : '2024-01-01T00:00:01.000Z',
          attempts,
        })),
      )
      .returning('id')
      .execute()
    await t.db.kysely.schema.dropTable('jobs').execute()
    await jobsMigration(contextFor(t.db)).up(t.db.kysely as unknown as Kysely<unknown>)
    const jobs = await t.db.kysely.selectFrom('jobs').selectAll().execute()
    expect(jobs).toHaveLength(1)
    expect(jobs[0]).toMatchObject({
      kind: 'deliver-enquiry',
      payload: JSON.stringify({ enquiryId: stored[0]!.id }),
      attempts: 1,
      outcome: null,
    })
  })
})
