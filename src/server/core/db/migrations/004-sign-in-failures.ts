import type { Kysely } from 'kysely'

export function signInFailures() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('userName', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('firstFailureAt', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
