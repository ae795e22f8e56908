import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Real-user measurements (issue 7). Deliberately no user, IP or user-agent column: a row says
// what a page load measured on which route pattern, and nothing about who loaded it.
export function webVitals({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('web_vitals'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'double precision', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('rating', 'text', (c) => c.notNull())
        .addColumn('recordedAt', 'text', (c) => c.notNull())
        .execute()
      // The summary reads one retention window; pruning deletes below its start.
      await db.schema
        .createIndex('web_vitals_recorded_at')
        .on('web_vitals')
        .column('recordedAt')
        .execute()
    },
  }
}
