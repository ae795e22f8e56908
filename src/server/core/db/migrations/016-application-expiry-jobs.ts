import { sql, type Kysely } from 'kysely'
import type { Database } from '#server/core/db/schema'

// Issue 26: an application nobody confirms is deleted, with its personal data, by an
// `application-expiry` job stored with it for the moment its link expires
// (features/letting/applications.ts). Those kept before get their jobs here, at the same moment
// (at once when it has passed), with the kind's payload and attempts.
export function applicationExpiryJobs() {
  return {
    async up(db: Kysely<unknown>) {
      const tables = db as unknown as Kysely<Database>
      const now = new Date().toISOString()
      await tables
        .insertInto('jobs')
        .columns(['kind', 'payload', 'runAt', 'attempts', 'maxAttempts', 'createdAt'])
        .expression(
          tables
            .selectFrom('applications')
            .select([
              sql.lit('application-expiry').as('kind'),
              sql<string>`'{"applicationId":' || cast(id as text) || '}'`.as('payload'),
              sql<string>`coalesce("tokenExpiresAt", ${sql.lit(now)})`.as('runAt'),
              sql.lit(0).as('attempts'),
              sql.lit(10).as('maxAttempts'),
              sql.lit(now).as('createdAt'),
            ])
            .where('confirmedAt', 'is', null),
        )
        .execute()
    },
  }
}
