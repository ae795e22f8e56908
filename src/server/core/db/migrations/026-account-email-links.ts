import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 42: an address becomes an account's only once a link sent to it is followed. Each address
// asked for (at registration, or on My account) is a row; the e-mail's job gives it its link's
// token (only the SHA-256 kept) as it sends. Following the link, a newer request, a day's age, the
// committee's clearing, or the address turning out to be another account's ends it.
export function accountEmailLinks({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('account_email_links'))
        .addColumn('userId', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text', (c) => c.unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addColumn('endedAt', 'text')
        .execute()
      await db.schema
        .createIndex('account_email_links_user')
        .on('account_email_links')
        .column('userId')
        .execute()
      await db.schema
        .createIndex('account_email_links_email')
        .on('account_email_links')
        .column('email')
        .execute()
    },
  }
}
