import type { Kysely } from 'kysely'
import type { Database } from '#server/core/db/schema'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Work that happens later (sending, retries, reminders, deadlines) as rows, so that a restart
// loses none and one instance claims each (docs/decisions/0018). Times are ISO strings, which
// compare in time order on both engines. The runner asks for unfinished jobs that are due, hence
// the index.
export function jobs({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('jobs'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('runAt', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('maxAttempts', 'integer', (c) => c.notNull())
        .addColumn('lockedBy', 'text')
        .addColumn('lockedUntil', 'text')
        .addColumn('finishedAt', 'text')
        .addColumn('outcome', 'text')
        .addColumn('lastError', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('jobs_due').on('jobs').columns(['finishedAt', 'runAt']).execute()
      // Enquiries still unsent were retried by a timer before; from now on their jobs do it.
      const tables = db as unknown as Kysely<Database>
      const unsent = await tables
        .selectFrom('enquiries')
        .select(['id', 'attempts'])
        .where('sentAt', 'is', null)
        .where('attempts', '<', 20)
        .execute()
      const now = new Date().toISOString()
      for (const { id, attempts } of unsent)
        await tables
          .insertInto('jobs')
          .values({
            kind: 'deliver-enquiry',
            payload: JSON.stringify({ enquiryId: id }),
            runAt: now,
            attempts,
            maxAttempts: 20,
            createdAt: now,
          })
          .execute()
    },
  }
}
