import type { Kysely } from 'kysely'

// Failed sign-ins are counted per user name and client address (docs/decisions/0012), so that a
// stranger's guesses lock out only the stranger. The old per-name counts are short-lived
// (15 minutes) and are simply dropped.
export function signInFailuresPerClient() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('sign_in_failures').execute()
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('userName', 'text', (c) => c.notNull())
        .addColumn('clientAddress', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('firstFailureAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('sign_in_failures_pk', ['userName', 'clientAddress'])
        .execute()
    },
  }
}
