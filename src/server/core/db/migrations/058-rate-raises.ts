import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 47, item 6 (decision 62): a rate raised takes effect only after notice. A raise keeps the
// rates in force before it and after it (JSON, as the settings keep them), for the organisation
// (siteId null) or one site, and the day it takes effect; a later change before that day replaces
// it (replacedAt). Each tenant told of it is a notice: their plot and their rent before and after
// (pence), on their page and the plot's history.
// No foreign key to people: an erasure changes a person's id, and moves their notices with it.
export function rateRaises({ idColumn, dialect }: MigrationContext) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer'
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('rate_raises'))
        .addColumn('siteId', 'integer')
        .addColumn('ratesBefore', 'text', (c) => c.notNull())
        .addColumn('ratesAfter', 'text', (c) => c.notNull())
        .addColumn('takesEffect', 'text', (c) => c.notNull())
        .addColumn('noticeMonths', 'integer', (c) => c.notNull())
        .addColumn('madeBy', 'text', (c) => c.notNull())
        .addColumn('madeAt', 'text', (c) => c.notNull())
        .addColumn('replacedAt', 'text')
        .execute()
      await idColumn(db.schema.createTable('rate_notices'))
        .addColumn('raiseId', 'integer', (c) => c.notNull())
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('plotId', 'text', (c) => c.notNull())
        .addColumn('oldAmount', money, (c) => c.notNull())
        .addColumn('newAmount', money, (c) => c.notNull())
        .execute()
      await db.schema.createIndex('rate_raises_site').on('rate_raises').column('siteId').execute()
      await db.schema
        .createIndex('rate_notices_raise')
        .on('rate_notices')
        .column('raiseId')
        .execute()
      await db.schema
        .createIndex('rate_notices_person')
        .on('rate_notices')
        .column('personId')
        .execute()
      await db.schema.createIndex('rate_notices_plot').on('rate_notices').column('plotId').execute()
    },
  }
}
