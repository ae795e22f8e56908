import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 46, item 1 (decision 49): each site has its own drawing, kept under the site's key. The
// one drawing there was becomes the first site's, as everything else of the installation did
// (migration 044); its background file stays where it is.
export function siteMaps(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const typed = db as Kysely<{ app_settings: { key: string; value: string } }>
      await typed
        .updateTable('app_settings')
        .set({ key: 'siteMap:1' })
        .where('key', '=', 'siteMap')
        .execute()
    },
  }
}
