import type { Kysely } from 'kysely'

// Issue 47, item 1 (decision 57): a concession given to one of a person's tenancies (the first
// year of a neglected plot) rather than to the person; null for all their plots, as before.
export function concessionPlots() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('concession_grants').addColumn('plotId', 'text').execute()
    },
  }
}
