import type { Db } from '#server/core/db/database'
import type { JobRow } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The jobs table's moves: store a job, claim the due ones, finish one, put one back for later,
// hand one back unfinished when its runner shuts down. A claim is a lease: a runner that dies holding a job loses it when the lease ends, and
// another runner takes it up (docs/decisions/0018).

export interface NewJob {
  kind: string
  payload: unknown
  maxAttempts: number
  runAt?: Date
}

export interface Lease {
  owner: string
  now: Date
  leaseMs: number
}

const leaseEnd = ({ now, leaseMs }: Lease) => new Date(now.getTime() + leaseMs).toISOString()

/**
 * Stores a job inside the write that causes it, so the change and its follow-up commit together.
 * With `claim`, the job is already this runner's, for a caller that runs it at once.
 */
export function enqueue(tx: WriteTx, job: NewJob, now: Date, claim?: Lease): Promise<JobRow> {
  return tx
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      runAt: (job.runAt ?? now).toISOString(),
      maxAttempts: job.maxAttempts,
      attempts: claim ? 1 : 0,
      lockedBy: claim?.owner ?? null,
      lockedUntil: claim ? leaseEnd(claim) : null,
      createdAt: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * A job to run by `runAt` (an earlier deadline of something already chased): one of the same kind
 * and payload waiting, not yet claimed, is brought forward to `runAt` when it would run later;
 * else one is stored. A job claimed meanwhile may store its own follow-up as well: a job that
 * runs twice must find its work done (each rent step is taken once).
 */
export async function enqueueBy(
  tx: WriteTx,
  job: NewJob & { runAt: Date },
  now: Date,
): Promise<void> {
  const runAt = job.runAt.toISOString()
  const waiting = await tx
    .selectFrom('jobs')
    .select(['id', 'runAt'])
    .where('kind', '=', job.kind)
    .where('payload', '=', JSON.stringify(job.payload))
    .where('finishedAt', 'is', null)
    .where('lockedBy', 'is', null)
    .orderBy('runAt')
    .executeTakeFirst()
  if (!waiting) await enqueue(tx, job, now)
  else if (waiting.runAt > runAt)
    await tx.updateTable('jobs').set({ runAt }).where('id', '=', waiting.id).execute()
}

/** Whether a job of `kind` is waiting to run (or running): a daily one is stored once. */
export async function hasPending(tx: ReadTx, kind: string): Promise<boolean> {
  const row = await tx
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('finishedAt', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Claims up to `limit` due jobs of the kinds a runner knows (an instance of an older version
 * leaves a newer kind to the instances that know it). The conditions are checked twice: once to find candidates, and
 * again by the update itself, which is what makes a claim exclusive. On PostgreSQL an update that
 * meets a row another instance has just claimed waits for that commit and re-checks the
 * conditions on the new row, which now fail; SQLite runs one update at a time.
 */
export async function claimDue(
  db: Db,
  lease: Lease,
  limit: number,
  kinds: string[],
): Promise<JobRow[]> {
  const now = lease.now.toISOString()
  if (kinds.length === 0) return []
  const candidates = await db.kysely
    .selectFrom('jobs')
    .select('id')
    .where('finishedAt', 'is', null)
    .where('runAt', '<=', now)
    .where('kind', 'in', kinds)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .orderBy('runAt')
    .orderBy('id')
    .limit(limit)
    .execute()
  if (candidates.length === 0) return []
  return db.kysely
    .updateTable('jobs')
    .set((eb) => ({
      lockedBy: lease.owner,
      lockedUntil: leaseEnd(lease),
      attempts: eb('attempts', '+', 1),
    }))
    .where(
      'id',
      'in',
      candidates.map((c) => c.id),
    )
    .where('finishedAt', 'is', null)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .returningAll()
    .execute()
}

// Only the runner that holds the lease may settle a job: one whose lease ran out (and which
// another runner may have claimed since) changes nothing.
function settle(db: Db, job: JobRow, owner: string) {
  return db.kysely
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('lockedBy', '=', owner)
    .where('finishedAt', 'is', null)
}

export async function finish(db: Db, job: JobRow, owner: string, now: Date): Promise<boolean> {
  const result = await settle(db, job, owner)
    .set({
      finishedAt: now.toISOString(),
      outcome: 'done',
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
    })
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * A job its runner stopped part way through while shutting down: back in the queue, due as it was
 * and claimable at once, the attempt not counted, for it did not fail.
 */
export async function handBack(db: Db, job: JobRow, owner: string): Promise<void> {
  await settle(db, job, owner)
    .set((eb) => ({ lockedBy: null, lockedUntil: null, attempts: eb('attempts', '-', 1) }))
    .execute()
}

/** A failed attempt: the job runs again after `delayMs`, or, out of attempts, ends as failed. */
export async function retryLater(
  db: Db,
  job: JobRow,
  owner: string,
  error: string,
  now: Date,
  delayMs: number,
): Promise<'retry' | 'failed'> {
  const outOfAttempts = job.attempts >= job.maxAttempts
  await settle(db, job, owner)
    .set({
      lockedBy: null,
      lockedUntil: null,
      lastError: error.slice(0, 500),
      ...(outOfAttempts
        ? { finishedAt: now.toISOString(), outcome: 'failed' as const }
        : { runAt: new Date(now.getTime() + delayMs).toISOString() }),
    })
    .execute()
  return outOfAttempts ? 'failed' : 'retry'
}

/** The queue as the administrator's System page shows it. */
export interface JobSummary {
  /** Unfinished and due: waiting for a runner, or running. */
  due: number
  /** Unfinished and due later (deadlines, daily runs, retries after a back-off). */
  later: number
  /** Unfinished after a failed attempt, to be tried again. */
  retrying: number
  /** Out of attempts, kept with their last error. */
  failed: number
  /** The latest of those, newest first. */
  latestFailed: Array<Pick<JobRow, 'id' | 'kind' | 'attempts' | 'lastError' | 'finishedAt'>>
}

export async function summariseJobs(tx: ReadTx, now: Date, shown: number): Promise<JobSummary> {
  const at = now.toISOString()
  const counts = await tx
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn
        .countAll<number>()
        .filterWhere(eb.and([eb('finishedAt', 'is', null), eb('runAt', '<=', at)]))
        .as('due'),
      eb.fn
        .countAll<number>()
        .filterWhere(eb.and([eb('finishedAt', 'is', null), eb('runAt', '>', at)]))
        .as('later'),
      eb.fn
        .countAll<number>()
        .filterWhere(eb.and([eb('finishedAt', 'is', null), eb('lastError', 'is not', null)]))
        .as('retrying'),
      eb.fn.countAll<number>().filterWhere('outcome', '=', 'failed').as('failed'),
    ])
    .executeTakeFirstOrThrow()
  const latestFailed = await tx
    .selectFrom('jobs')
    .select(['id', 'kind', 'attempts', 'lastError', 'finishedAt'])
    .where('outcome', '=', 'failed')
    .orderBy('finishedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(shown)
    .execute()
  return {
    due: Number(counts.due),
    later: Number(counts.later),
    retrying: Number(counts.retrying),
    failed: Number(counts.failed),
    latestFailed,
  }
}
