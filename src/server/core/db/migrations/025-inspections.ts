import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 32: plot inspections. A round is one walk of the site; each plot's record keeps the id
// the phone gave it (the primary key: a record sent twice is kept once), and its photos are files
// named by the ids the phone gave them. A notice is one step of a plot's chain (improvement,
// final, notice to quit), to the tenants it names, running to its deadline.
export function inspections({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('inspection_rounds'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('walkers', 'text', (c) => c.notNull())
        .addColumn('startedBy', 'text', (c) => c.notNull())
        .addColumn('startedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('inspections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('roundId', 'integer', (c) => c.notNull())
        .addColumn('plotId', 'text', (c) => c.notNull())
        .addColumn('grade', 'text', (c) => c.notNull())
        .addColumn('cultivated', 'integer', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('inspectedBy', 'text', (c) => c.notNull())
        .addColumn('recordedAt', 'text', (c) => c.notNull())
        .addColumn('receivedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('inspections_round').on('inspections').column('roundId').execute()
      await db.schema
        .createIndex('inspections_plot')
        .on('inspections')
        .columns(['plotId', 'recordedAt'])
        .execute()
      await db.schema
        .createTable('inspection_photos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('inspectionId', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('fileId', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('inspection_photos_inspection')
        .on('inspection_photos')
        .column('inspectionId')
        .execute()
      await idColumn(db.schema.createTable('inspection_notices'))
        .addColumn('plotId', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('roundId', 'integer', (c) => c.notNull())
        .addColumn('inspectionId', 'text', (c) => c.notNull())
        .addColumn('tenants', 'text', (c) => c.notNull())
        .addColumn('sentOn', 'text', (c) => c.notNull())
        .addColumn('deadline', 'text', (c) => c.notNull())
        .addColumn('pausedOn', 'text')
        .addColumn('pauseReason', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('closedOn', 'text')
        .execute()
      await db.schema
        .createIndex('inspection_notices_plot')
        .on('inspection_notices')
        .columns(['plotId', 'id'])
        .execute()
    },
  }
}
