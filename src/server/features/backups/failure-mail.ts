import path from 'node:path'
import { z } from 'zod'
import { londonMoment } from '#shared/domain/dates'
import { nextBackupDay } from '#shared/domain/backups'
import { backupMessages } from '#shared/messages/backups'
import { associationDetails } from '#server/core/db/association-settings'
import { doubling, type JobKind } from '#server/core/jobs/runner'
import { administratorEmails } from '#server/features/accounts/sql'
import type { Backups } from '#server/features/backups/context'
import { runOn } from '#server/features/backups/sql'

// A night whose backup failed is told to the administrators, by e-mail through the app's own
// mailer (the mail server, or the outbox folder without one), retried as an enquiry is until the
// mail server takes it.

export const BACKUP_FAILED_MAIL = 'backup-failed-mail'

type FailedNight = { day: string }

export function backupFailedMailJob(backups: Backups): JobKind<FailedNight> {
  return {
    kind: BACKUP_FAILED_MAIL,
    payload: z.object({ day: z.string() }),
    maxAttempts: 20,
    backOffMs: doubling(backups.config.email.retrySeconds * 1000, 3_600_000),
    run: ({ day }) => mailFailure(backups, day),
  }
}

async function mailFailure({ db, config, clock, mailer }: Backups, day: string) {
  const run = await runOn(db.kysely, day)
  if (!run?.error) return
  const to = await administratorEmails(db.kysely)
  if (to.length === 0) return
  const { name } = await associationDetails(db.kysely, config)
  const { time } = config.backups
  const nextAt = time && londonMoment(nextBackupDay(clock.now(), time), time).toISOString()
  await mailer.send(
    {
      to: to.join(', '),
      subject: backupMessages.failedSubject(name),
      text: backupMessages.failedText({
        association: name,
        startedAt: run.startedAt,
        error: run.error,
        written: run.file && path.join(run.folder, run.file),
        copied: run.bucket ? { bucket: run.bucket, key: run.s3Key } : null,
        nextAt: nextAt || null,
      }),
    },
    `backup-failed-${day}`,
  )
}
