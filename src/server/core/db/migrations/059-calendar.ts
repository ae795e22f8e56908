import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 48, items 1 and 2 (decision 63): the calendar's events, and each account's private
// calendar address. An event keeps its start and end as moments (ISO instants in UTC, which sort
// as text), so that a feed writes them as they are and no summer time moves them; its site is null
// for every site. A calendar address keeps only the SHA-256 of its token, one an account: making a
// new one replaces the old, which then stops working.
export function calendar({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('calendar_events'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('siteId', 'integer')
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('startsAt', 'text', (c) => c.notNull())
        .addColumn('endsAt', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('helpersWanted', 'integer')
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      // A feed and a month read the events ending after a moment: by their end, then their site.
      await db.schema
        .createIndex('calendar_events_ends')
        .on('calendar_events')
        .columns(['endsAt', 'siteId'])
        .execute()
      await db.schema
        .createTable('calendar_feeds')
        .addColumn('userId', 'text', (c) => c.primaryKey())
        .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
