import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// The News page's posts (issue 14). The public reads the published ones, newest date first, so
// that read is one index range.
export function news({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('news'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('news_published_date')
        .on('news')
        .columns(['published', 'date', 'id'])
        .execute()
    },
  }
}
