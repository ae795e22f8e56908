import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 29: "Invite to sign in". Each invitation is a row; the e-mail's job gives it its link's
// token, of which only the SHA-256 is kept, when it sends (`sentAt` once the mail server has
// taken it). Joining, a newer invitation or 14 days' age ends it, and `endedHow` says which.
export function invitations({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('invitations'))
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('invitedBy', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text', (c) => c.unique())
        .addColumn('sentAt', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addColumn('endedAt', 'text')
        .addColumn('endedHow', 'text')
        .execute()
      await db.schema
        .createIndex('invitations_person')
        .on('invitations')
        .column('personId')
        .execute()
    },
  }
}
