import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 29: "Forgotten your password?". Each request is a row; the e-mail's job gives it its
// link's token, of which only the SHA-256 is kept, when it sends. A newer request, a use or an
// hour's age ends a link (`endedAt` for the first two).
export function passwordResets({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('password_resets'))
        .addColumn('userId', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text', (c) => c.unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addColumn('endedAt', 'text')
        .execute()
      await db.schema
        .createIndex('password_resets_user')
        .on('password_resets')
        .column('userId')
        .execute()
    },
  }
}
