import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 48, item 4 (decision 64): the keys and fobs of a site, and who has held each. A key has a
// number or label, unique on its site, and a kind (gate, shed, toilet, store). A holding is one
// person's time with a key: handed over on a day, with the deposit taken for it if one was
// (decision 58's deposits), and ended on a day, returned or lost, a lost key with what it cost.
// No foreign key to people: an erasure changes a person's id and moves their holdings with it.
export function keys({ idColumn, dialect }: MigrationContext) {
  // Money as wide as the ledger's (migration 015).
  const money = dialect === 'postgres' ? 'bigint' : 'integer'
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('keys'))
        .addColumn('siteId', 'integer', (c) => c.notNull().references('sites.id'))
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('keys_site_number', ['siteId', 'number'])
        .execute()
      await idColumn(db.schema.createTable('key_holdings'))
        .addColumn('keyId', 'integer', (c) => c.notNull().references('keys.id'))
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('depositId', 'integer')
        .addColumn('handedOn', 'text', (c) => c.notNull())
        .addColumn('endedOn', 'text')
        .addColumn('outcome', 'text')
        .addColumn('charge', money)
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('key_holdings_key')
        .on('key_holdings')
        .columns(['keyId', 'handedOn'])
        .execute()
      await db.schema
        .createIndex('key_holdings_person')
        .on('key_holdings')
        .column('personId')
        .execute()
    },
  }
}
