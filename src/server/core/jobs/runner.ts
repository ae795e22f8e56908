import os from 'node:os'
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { Db } from '#server/core/db/database'
import type { JobRow } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import {
  claimDue,
  enqueue,
  enqueueBy,
  finish,
  handBack,
  hasPending,
  retryLater,
  summariseJobs,
  type Lease,
} from '#server/core/jobs/queue'

/** One kind of work, defined by the feature that needs it. */
export interface JobKind<P> {
  kind: string
  payload: z.ZodType<P>
  maxAttempts: number
  /** The wait before attempt `attempts + 1`, after `attempts` have failed. */
  backOffMs(attempts: number): number
  /**
   * Throws to say the attempt failed; the job then waits and runs again. `stopping` is aborted
   * when the instance shuts down: a long job may then stop between two pieces of its work and
   * answer HANDED_BACK, and runs again at once (on this instance's successor, or another).
   */
  run(payload: P, stopping: AbortSignal): Promise<void | typeof HANDED_BACK>
}

/** A job's answer when it stopped part way because its instance is shutting down. */
export const HANDED_BACK = 'handed back'

export interface RunnerOptions {
  log: FastifyBaseLogger
  pollMs: number
  leaseMs: number
  /** Jobs claimed and run together. */
  batch: number
  /** The time, which tests move on to reach a job's next attempt. */
  clock?: () => Date
}

/** Doubling waits from `firstMs`, never longer than `capMs`. */
export const doubling =
  (firstMs: number, capMs: number) =>
  (attempts: number): number =>
    Math.min(capMs, firstMs * 2 ** Math.max(0, attempts - 1))

/** When a job due on a day (a deadline) runs: early, before the committee looks. */
export const deadlineAt = (date: string) => new Date(`${date}T06:00:00Z`)

export type JobRunner = ReturnType<typeof createJobRunner>

// Each instance runs one: it polls for due jobs, claims a batch, runs them side by side and
// settles each. Features define their kinds before the runner starts.
export function createJobRunner(db: Db, options: RunnerOptions) {
  const { log, pollMs, leaseMs, batch } = options
  const clock = options.clock ?? (() => new Date())
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind checks its own payload
  const kinds = new Map<string, JobKind<any>>()
  const lease = (now: Date): Lease => ({ owner, now, leaseMs })
  let stopping = new AbortController()

  async function runClaimed(job: JobRow): Promise<boolean> {
    const kind = kinds.get(job.kind)
    try {
      if (!kind) throw new Error(`No job kind "${job.kind}" is defined`)
      const answer = await kind.run(kind.payload.parse(JSON.parse(job.payload)), stopping.signal)
      if (answer === HANDED_BACK) {
        await handBack(db, job, owner)
        return false
      }
      if (!(await finish(db, job, owner, clock())))
        log.warn({ job: job.id }, 'job finished after its lease ran out')
      return true
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const delay = kind?.backOffMs(job.attempts) ?? leaseMs
      const next = await retryLater(db, job, owner, message, clock(), delay)
      log.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, next, err: message },
        'job failed',
      )
      return false
    }
  }

  /** Claims and runs one batch of the jobs due at `now`; the number claimed. */
  async function runDue(now = clock()): Promise<number> {
    const claimed = await claimDue(db, lease(now), batch, [...kinds.keys()])
    await Promise.all(claimed.map(runClaimed))
    return claimed.length
  }

  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = true

  // A full batch suggests more are waiting: run again at once, else wait for the next poll.
  async function drain() {
    while (!stopped && (await runDue()) === batch);
  }

  function poll() {
    if (running || stopped) return
    running = drain()
      .catch((err: unknown) => log.error({ err }, 'job runner failed'))
      .finally(() => {
        running = undefined
        schedule()
      })
  }

  function schedule() {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(poll, pollMs)
    timer.unref()
  }

  return {
    define<P>(kind: JobKind<P>) {
      if (kinds.has(kind.kind)) throw new Error(`Job kind "${kind.kind}" is defined twice`)
      kinds.set(kind.kind, kind)
    },
    /** Stores a job of `kind` inside a write; `runAt` defaults to now. */
    enqueue<P>(tx: WriteTx, kind: JobKind<P>, payload: P, runAt?: Date) {
      return enqueue(
        tx,
        { kind: kind.kind, payload, maxAttempts: kind.maxAttempts, ...(runAt ? { runAt } : {}) },
        clock(),
      )
    },
    /** A job to run by `runAt`: one waiting already is brought forward, else one is stored. */
    enqueueBy<P>(tx: WriteTx, kind: JobKind<P>, payload: P, runAt: Date) {
      return enqueueBy(
        tx,
        { kind: kind.kind, payload, maxAttempts: kind.maxAttempts, runAt },
        clock(),
      )
    },
    /** Many jobs of one kind at once (a rent year's deadlines), each with its own time. */
    enqueueMany<P>(
      tx: WriteTx,
      kind: JobKind<P>,
      jobs: ReadonlyArray<{ payload: P; runAt: Date }>,
    ) {
      const createdAt = clock().toISOString()
      return insertInBatches(
        tx,
        'jobs',
        jobs.map((job) => ({
          kind: kind.kind,
          payload: JSON.stringify(job.payload),
          runAt: job.runAt.toISOString(),
          maxAttempts: kind.maxAttempts,
          attempts: 0,
          lockedBy: null,
          lockedUntil: null,
          createdAt,
        })),
      )
    },
    /** Whether a job of `kind` is stored and not yet finished (a daily one is stored once). */
    hasPending(tx: ReadTx, kind: string) {
      return hasPending(tx, kind)
    },
    /** Stores a job already claimed by this runner, for a caller that runs it at once. */
    enqueueClaimed<P>(tx: WriteTx, kind: JobKind<P>, payload: P) {
      const now = clock()
      return enqueue(
        tx,
        { kind: kind.kind, payload, maxAttempts: kind.maxAttempts },
        now,
        lease(now),
      )
    },
    runClaimed,
    runDue,
    /** The queue now: how many wait, and the latest `shown` of those that failed. */
    summary(shown: number) {
      return summariseJobs(db.kysely, clock(), shown)
    },
    /** Now, as this runner takes it. */
    clock,
    start() {
      stopped = false
      schedule()
    },
    /** Looks for due jobs now rather than at the next poll. */
    wake() {
      clearTimeout(timer)
      poll()
    },
    /**
     * Claims no more jobs, tells those running to stop where they can, and waits for them. Called
     * again while they run, it waits for the same.
     */
    async stop() {
      stopped = true
      clearTimeout(timer)
      stopping.abort()
      await running
      // Jobs run from here on are run by hand (a test driving the queue) or after a new start.
      stopping = new AbortController()
    },
  }
}
