import { z } from 'zod'
import { londonDate, londonMoment } from '#shared/domain/dates'
import { nextBackupDay } from '#shared/domain/backups'
import { addDays } from '#shared/domain/rent'
import type { WriteTx } from '#server/core/db/write-transaction'
import { doubling, type JobKind } from '#server/core/jobs/runner'
import { loggedWrite, SYSTEM } from '#server/core/logged-change'
import type { Backups } from '#server/features/backups/context'
import { markPruned, recordRun, takenSince } from '#server/features/backups/sql'
import { takeBackup } from '#server/features/backups/take-backup'

// The nightly backup (issue 45, item 5; docs/decisions/0042): one job a night, at BACKUP_TIME on
// London's clock. Each run stores the next night's job with its own row (backup_runs), in one
// write under one lock, so that a night's backup is taken once however many instances are
// woken, and survives a restart; a run that comes late (the site was down) is followed by the
// next night's, not by one for each night missed. The first job is stored when the server
// starts, unless one is waiting already.

export const NIGHTLY_BACKUP_JOB = 'nightly-backup'

/** The lock the night's row and the next job are written under. */
const BACKUP_LOCK = 'backups'

type Night = { day: string }

export function nightlyBackupJob(backups: Backups, failureMail: JobKind<Night>): JobKind<Night> {
  const kind: JobKind<Night> = {
    kind: NIGHTLY_BACKUP_JOB,
    payload: z.object({ day: z.string() }),
    maxAttempts: 10,
    backOffMs: doubling(60_000, 3_600_000),
    run: ({ day }) => runNightly(backups, kind, failureMail, day),
  }
  return kind
}

/** At start: the next night's job, unless one is waiting (stored by this or another instance). */
export async function scheduleNightly(backups: Backups, kind: JobKind<Night>) {
  const { time } = backups.config.backups
  if (!time) return
  await loggedWrite(backups.db, [BACKUP_LOCK], async (tx) => {
    if (await backups.jobs.hasPending(tx, NIGHTLY_BACKUP_JOB)) return
    await storeNext(backups, tx, kind, time, undefined)
  })
}

// The first night after now, and after the last one taken: a run moved later in the day by a
// new BACKUP_TIME must not come twice on one day.
async function storeNext(
  { clock, jobs }: Backups,
  tx: WriteTx,
  kind: JobKind<Night>,
  time: string,
  lastDay: string | undefined,
) {
  const next = nextBackupDay(clock.now(), time)
  const day = lastDay && next <= lastDay ? addDays(lastDay, 1) : next
  await jobs.enqueue(tx, kind, { day }, londonMoment(day, time))
}

async function runNightly(
  backups: Backups,
  kind: JobKind<Night>,
  failureMail: JobKind<Night>,
  day: string,
) {
  const { db, clock, config, jobs, log } = backups
  const { time } = config.backups
  // Turned off since this job was stored: nothing, and no next one.
  if (!time || (await takenSince(db.kysely, day))) return
  const { run, pruned } = await takeBackup(backups, londonDate(clock.now()))
  if (run.error) log.warn({ day: run.day, error: run.error }, 'nightly backup failed')
  await loggedWrite(db, [BACKUP_LOCK], async (tx, logEntry) => {
    if (await takenSince(tx, day)) return
    await recordRun(tx, run)
    await markPruned(tx, pruned, run.finishedAt)
    await storeNext(backups, tx, kind, time, run.day)
    if (run.error) await jobs.enqueue(tx, failureMail, { day: run.day })
    logEntry(
      { methodName: 'backUp', eventCollection: 'backups', docId: run.day, userName: SYSTEM },
      { file: run.file, size: run.size, s3Key: run.s3Key, error: run.error, pruned },
    )
  })
}
