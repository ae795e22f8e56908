import fs from 'node:fs'
import path from 'node:path'
import type { App } from '#server/core/app-type'
import { databaseBytes } from '#server/core/db/database-size'
import { migrationState } from '#server/core/db/migrations/index'
import { unsentEmails } from '#server/core/email/batches'
import type { SystemState } from '#shared/schemas/system'
import { backupStatus } from '#server/features/backups/sql'

/** Failed jobs listed by name on the page; the rest are counted. */
export const FAILED_JOBS_SHOWN = 20

const { version } = JSON.parse(
  fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
) as { version: string }

export async function systemState(app: App): Promise<SystemState> {
  const { db, config } = app
  const [bytes, migrations, jobs, unsent, backup, disk] = await Promise.all([
    databaseBytes(db),
    migrationState(db),
    app.jobs.summary(FAILED_JOBS_SHOWN),
    unsentEmails(db.kysely),
    backupStatus(db.kysely, config.backups),
    fileSystemOf(config.dataDir),
  ])
  return {
    version,
    database: { engine: db.dialect, bytes },
    migrations,
    // What an unprivileged process may still write (bavail), not what root could.
    disk: {
      folder: config.dataDir,
      freeBytes: disk.bavail * disk.bsize,
      totalBytes: disk.blocks * disk.bsize,
    },
    jobs,
    email: {
      way: app.mailer.kind,
      waiting: (unsent.queued ?? 0) + (unsent.sending ?? 0),
      failed: unsent.failed ?? 0,
      interrupted: unsent.interrupted ?? 0,
      inOutbox: unsent.outbox ?? 0,
    },
    backup,
  }
}

// With PostgreSQL nothing may have been written to the data folder yet, so it may not exist: the
// file system it will be made on is its nearest existing parent's.
async function fileSystemOf(folder: string): Promise<fs.StatsFs> {
  try {
    return await fs.promises.statfs(folder)
  } catch (error) {
    const parent = path.dirname(folder)
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === folder) throw error
    return fileSystemOf(parent)
  }
}
