import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Letting plots (issue 17), part 1: applications from the public site, confirmed by a link sent to
// the address given (only a hash of the link's token is kept), and the history of every change of
// a person's place on the waiting list, with the reason, so the committee can say why.
export function letting({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('applications'))
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('firstName', 'text', (c) => c.notNull())
        .addColumn('lastName', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('phoneNumber', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text')
        .addColumn('tokenExpiresAt', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('confirmedAt', 'text')
        .execute()
      await idColumn(db.schema.createTable('waiting_list_events'))
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('waiting_list_events_person')
        .on('waiting_list_events')
        .columns(['personId', 'id'])
        .execute()
    },
  }
}
