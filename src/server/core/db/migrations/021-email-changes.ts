import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 29: a member's new e-mail address takes effect only once a link sent to it is followed.
// Each request is a row; the e-mail's job gives it its link's token (only the SHA-256 kept) as it
// sends. Following the link, a newer request or a day's age ends it.
export function emailChanges({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('email_changes'))
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('newEmail', 'text', (c) => c.notNull())
        .addColumn('requestedBy', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text', (c) => c.unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addColumn('endedAt', 'text')
        .execute()
      await db.schema
        .createIndex('email_changes_person')
        .on('email_changes')
        .column('personId')
        .execute()
    },
  }
}
