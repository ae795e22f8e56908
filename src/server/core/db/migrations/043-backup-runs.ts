import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 45, item 5: backups that leave the machine. One row per night the backup ran, written
// with the next night's job, so that a night's backup is taken once however many instances are
// woken; what it wrote, where it went (the folder, the S3 key) or why it failed, for the
// administrator's System page; and when its files were pruned, so that the page lists the
// backups still kept. No personal data: names of files and folders, sizes, times and errors.
export function backupRuns({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('backup_runs')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('startedAt', 'text', (c) => c.notNull())
        .addColumn('finishedAt', 'text', (c) => c.notNull())
        .addColumn('folder', 'text', (c) => c.notNull())
        .addColumn('file', 'text')
        // A PostgreSQL integer stops at 2 GiB: a backup with many land documents may pass it.
        .addColumn('size', dialect === 'postgres' ? 'bigint' : 'integer')
        .addColumn('bucket', 'text')
        .addColumn('s3Key', 'text')
        .addColumn('encrypted', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('prunedAt', 'text')
        .execute()
    },
  }
}
