import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 46, item 4 (decision 46): a site representative reaches the people who hold a plot on
// their sites. A tenancy names its plot's site, so that people's queries find them by site in
// one indexed step without reading the plots (another feature's table); a plot stays on the site
// it was made on. And the log records the sites each change touched (ids comma-separated, '' for
// none: an account's change, a setting), for the log screen to name them.
export function siteReach(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tenancy')
        .addColumn('siteId', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await sql`update tenancy set "siteId" = (select "siteId" from plots where plots.id = tenancy."plotId")`.execute(
        db,
      )
      await db.schema
        .createIndex('tenancy_site_person')
        .on('tenancy')
        .columns(['siteId', 'personId'])
        .execute()
      await db.schema
        .alterTable('logs')
        .addColumn('siteIds', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
    },
  }
}
