import type { BackupRun, BackupStatus } from '#shared/schemas/backups'
import type { BackupSettings } from '#server/core/config'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The nights' backups (backup_runs): one row a night, for the run's "once" and for the
// administrator's System page.

const runColumns = [
  'day',
  'startedAt',
  'finishedAt',
  'folder',
  'file',
  'size',
  'bucket',
  's3Key',
  'encrypted',
  'error',
] as const

const asRun = ({ encrypted, ...row }: Omit<BackupRun, 'encrypted'> & { encrypted: number }) => ({
  ...row,
  encrypted: encrypted === 1,
})

/** Whether a backup was taken on `day` or after it (a night's job finds its work done). */
export async function takenSince(tx: ReadTx, day: string): Promise<boolean> {
  const row = await tx
    .selectFrom('backup_runs')
    .select('day')
    .where('day', '>=', day)
    .executeTakeFirst()
  return row !== undefined
}

export async function recordRun(tx: WriteTx, run: BackupRun): Promise<void> {
  await tx
    .insertInto('backup_runs')
    .values({ ...run, encrypted: run.encrypted ? 1 : 0, prunedAt: null })
    .execute()
}

/** The nights whose files the pruning removed, from the folder and the bucket. */
export async function markPruned(tx: WriteTx, days: readonly string[], at: string) {
  if (days.length === 0) return
  await tx
    .updateTable('backup_runs')
    .set({ prunedAt: at })
    .where('day', 'in', days)
    .where('prunedAt', 'is', null)
    .execute()
}

export async function runOn(tx: ReadTx, day: string): Promise<BackupRun | undefined> {
  const row = await tx
    .selectFrom('backup_runs')
    .select(runColumns)
    .where('day', '=', day)
    .executeTakeFirst()
  return row && asRun(row)
}

/**
 * The nightly backup for the administrator's System page: how it is set up, the last night's
 * outcome (when it ran, what it wrote, where it went, or why it failed), and the backups still
 * kept, newest first.
 */
export async function backupStatus(tx: ReadTx, settings: BackupSettings): Promise<BackupStatus> {
  const last = await tx
    .selectFrom('backup_runs')
    .select(runColumns)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst()
  const kept = await tx
    .selectFrom('backup_runs')
    .select(runColumns)
    .where('file', 'is not', null)
    .where('prunedAt', 'is', null)
    .orderBy('day', 'desc')
    .execute()
  return {
    time: settings.time ?? null,
    keepDays: settings.keep.days,
    keepMonths: settings.keep.months,
    folder: settings.dir,
    s3: settings.s3 ?? null,
    encrypted: settings.passphrase !== undefined,
    last: last ? asRun(last) : null,
    kept: kept.map(asRun),
  }
}
