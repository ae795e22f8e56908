import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Letting plots (issue 17), part 2: offers of a plot with a deadline and links to accept or
// decline (only the tokens' hashes are kept), and the yearly question to everyone on the waiting
// list, whose unanswered links lapse them.
export function offers({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('offers'))
        .addColumn('plotId', 'text', (c) => c.notNull())
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('deadline', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('acceptTokenHash', 'text', (c) => c.unique())
        .addColumn('declineTokenHash', 'text', (c) => c.unique())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('answeredAt', 'text')
        .execute()
      // One open offer of a plot at a time, whatever the application does.
      await db.schema
        .createIndex('offers_one_open_per_plot')
        .on('offers')
        .column('plotId')
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute()
      await db.schema
        .createIndex('offers_person')
        .on('offers')
        .columns(['personId', 'status'])
        .execute()
      await idColumn(db.schema.createTable('still_want_rounds'))
        .addColumn('year', 'text', (c) => c.notNull().unique())
        .addColumn('askedOn', 'text', (c) => c.notNull())
        .addColumn('closesOn', 'text', (c) => c.notNull())
        .addColumn('closedAt', 'text')
        .execute()
      await idColumn(db.schema.createTable('still_want_answers'))
        .addColumn('roundId', 'integer', (c) => c.notNull())
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text', (c) => c.unique())
        .addColumn('answeredAt', 'text')
        .execute()
      await db.schema
        .createIndex('still_want_answers_round')
        .on('still_want_answers')
        .columns(['roundId', 'personId'])
        .unique()
        .execute()
    },
  }
}
