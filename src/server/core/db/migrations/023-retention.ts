import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 30, item 3: retention. A former member the committee holds back from erasure, with the
// reason; one row per day the daily run has finished, so that it finishes once; and, while a run
// is under way, what its erasures must still replace in the rest of the log, so that a run cut
// short finishes the scrub when it is taken up again. The log gains
// an index on the record an entry is about: a person's page, their erasure and the last change to
// each former member's record read by it instead of the whole log.
export function retention({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('retention_holds')
        .addColumn('personId', 'text', (c) => c.primaryKey())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('heldBy', 'text', (c) => c.notNull())
        .addColumn('heldAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('retention_runs')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('erased', 'integer', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull())
        .addColumn('finishedAt', 'text', (c) => c.notNull())
        .execute()
      await idColumn(db.schema.createTable('retention_scrubs'))
        .addColumn('scrubs', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('logs_record')
        .on('logs')
        .columns(['docId', 'eventCollection', 'id'])
        .execute()
    },
  }
}
