import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 46, item 3 (decision 47): one applicant, several lists. A person waits on a site's list
// by a place of their own there, ordered on that list by the moment they took it (the same rule
// as the one list had: the date, the time, the order of entry). The one list there was is the
// first site's: everyone on it gets a place on site 1 with their own date, time and order of
// entry, so that a one-site installation's list is in exactly the order it was. A place that ends
// (a plot accepted, lapsing, leaving) keeps its row and why (the person's history on the list
// says when), so that restoring a lapsed place gives it back. An application keeps the sites chosen until it is confirmed.
export function waitingPlaces(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('waiting_places')
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('siteId', 'integer', (c) => c.notNull())
        .addColumn('joinedWaitingList', 'text', (c) => c.notNull())
        .addColumn('joinedWaitingListAt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('waitingListEntry', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('endedWhy', 'text', (c) => c.notNull().defaultTo(''))
        .addPrimaryKeyConstraint('waiting_places_pk', ['personId', 'siteId'])
        .execute()
      await db.schema
        .createIndex('waiting_places_site')
        .on('waiting_places')
        .columns(['siteId', 'open', 'personId'])
        .execute()
      await sql`insert into waiting_places ("personId", "siteId", "joinedWaitingList", "joinedWaitingListAt", "waitingListEntry")
        select id, 1, "joinedWaitingList", "joinedWaitingListAt", "waitingListEntry" from people where "onWaitingList" = 1`.execute(
        db,
      )
      await db.schema
        .alterTable('applications')
        .addColumn('sites', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
    },
  }
}
