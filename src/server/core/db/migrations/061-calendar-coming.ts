import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 48, item 1 (decision 63): "I'll come". Each person who says they will come to an event is
// a row, saying when they said so; they take it back by removing it. An event says whether its
// members may see who else is coming (off unless the committee turns it on). No foreign key to
// people: an erasure or a merge moves or removes a person's rows itself.
export function calendarComing(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('calendar_events')
        .addColumn('showComing', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .createTable('calendar_coming')
        .addColumn('eventId', 'integer', (c) => c.notNull().references('calendar_events.id'))
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('saidAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('calendar_coming_pk', ['eventId', 'personId'])
        .execute()
      await db.schema
        .createIndex('calendar_coming_person')
        .on('calendar_coming')
        .column('personId')
        .execute()
    },
  }
}
