import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 28: an import can be undone while nothing else has changed its records. Each import keeps
// what it did: the records it made and those it changed (as they were before, and the version it
// left each at), and the tenancies it added, as JSON; `undoneAt` once it is undone.
export function importRuns({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('import_runs'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('fileName', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('counts', 'text', (c) => c.notNull())
        .addColumn('records', 'text', (c) => c.notNull())
        .addColumn('undoneAt', 'text')
        .execute()
    },
  }
}
