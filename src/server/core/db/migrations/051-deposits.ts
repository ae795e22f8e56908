import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 47, item 2 (decision 58): deposits, money held to be given back, never income. A kind
// has a name and an amount (pence), the administrator's; none is made here, as with concession
// kinds (decision 57). A deposit is taken from a person for a plot (the plot itself, or a key to
// its site), and its money is an append-only list of entries: taken, returned and kept, each
// with its day, amount and reason. What is held is taken less returned and kept.
// No foreign key to people: an erasure changes a person's id, and moves their deposits with it.
export function deposits({ idColumn, dialect }: MigrationContext) {
  // Money columns hold any sum of amounts as large as one may be, as the ledger's do.
  const money = dialect === 'postgres' ? 'bigint' : 'integer'
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('deposit_kinds'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('amount', money, (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await idColumn(db.schema.createTable('deposits'))
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('kindId', 'integer', (c) => c.notNull())
        .addColumn('kindName', 'text', (c) => c.notNull())
        .addColumn('plotId', 'text', (c) => c.notNull())
        .addColumn('siteId', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await idColumn(db.schema.createTable('deposit_entries'))
        .addColumn('depositId', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('amount', money, (c) => c.notNull())
        .addColumn('method', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('deposits_person').on('deposits').column('personId').execute()
      await db.schema.createIndex('deposits_plot').on('deposits').column('plotId').execute()
      await db.schema
        .createIndex('deposit_entries_deposit')
        .on('deposit_entries')
        .columns(['depositId', 'date'])
        .execute()
    },
  }
}
