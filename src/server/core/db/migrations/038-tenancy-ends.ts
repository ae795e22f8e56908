import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 44, item 4: a tenant who leaves. A tenancy keeps the day it began ('' where nobody
// recorded it: those before this migration, and imported ones; the holder's Date joined stands
// for it then). A tenancy that ended is kept as a row of its own, with the day it began, the day
// it ended and why, for the plot's history, the former tenant's record and retention, which
// counts from the day it ended.
export function tenancyEnds({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tenancy')
        .addColumn('beganOn', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      // No foreign keys: the rows outlive the person's id, which an erasure changes.
      await idColumn(db.schema.createTable('tenancy_ends'))
        .addColumn('plotId', 'text', (c) => c.notNull())
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('beganOn', 'text', (c) => c.notNull())
        .addColumn('endedOn', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('recordedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('tenancy_ends_person')
        .on('tenancy_ends')
        .columns(['personId', 'endedOn'])
        .execute()
      await db.schema.createIndex('tenancy_ends_plot').on('tenancy_ends').column('plotId').execute()
    },
  }
}
