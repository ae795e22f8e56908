import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 47, item 1 (decision 57): concessions of kinds, given to people for a time. A kind takes a
// percentage or a fixed sum (pence) off the rent, or off the rent and the extras. None is made
// here: a database a migration fills is no longer empty to an import (portable.ts); the screen
// offers the four that councils publish instead. A grant gives a kind to
// a person from a day, to a day or for good, with the evidence seen and the account that gave it.
// No foreign key to people: an erasure changes a person's id, and takes their grants with it.
export function concessions({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('concession_kinds'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('percent', 'integer')
        .addColumn('fixedPence', 'integer')
        .addColumn('appliesTo', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await idColumn(db.schema.createTable('concession_grants'))
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('kindId', 'integer', (c) => c.notNull())
        .addColumn('evidence', 'text', (c) => c.notNull())
        .addColumn('startsOn', 'text', (c) => c.notNull())
        .addColumn('endsOn', 'text')
        .addColumn('grantedBy', 'text', (c) => c.notNull())
        .addColumn('grantedAt', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await db.schema
        .createIndex('concession_grants_person')
        .on('concession_grants')
        .columns(['personId', 'startsOn'])
        .execute()
    },
  }
}
