import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 46, item 2 (decision 50): letters and inspections by site. An inspection round walks one
// site's plots (rounds before many sites walked the first site's, which then were all the plots);
// its records, photos and notices are the round's site's. A message names the sites of the
// people it went to (ids comma-separated as the log's, '' for none: a batch of another feature,
// or one made before this), so that a site representative's list shows only theirs.
export function siteWork(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('inspection_rounds')
        .addColumn('siteId', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await db.schema
        .alterTable('message_batches')
        .addColumn('siteIds', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
    },
  }
}
