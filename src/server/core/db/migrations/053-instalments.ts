import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 47, item 3 (decision 60): an invoice split into instalments. A split is a plan of the
// invoice, numbered by version (a new split is the next, the earlier kept), with what of the
// invoice was settled before it; its instalments are its due dates and amounts. The ledger is not
// touched: payments stay against the invoice.
//
// The reminders follow each instalment: a step taken (rent_steps) now names the due date it
// counted from, and is taken once for each (the invoice's own until now).
export function instalments({ idColumn, dialect }: MigrationContext) {
  // Money as wide as the ledger's (migration 015).
  const money = dialect === 'postgres' ? 'bigint' : 'integer'
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('instalment_plans'))
        .addColumn('invoiceId', 'integer', (c) => c.notNull().references('invoices.id'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('coveredBefore', money, (c) => c.notNull())
        .addColumn('madeBy', 'text', (c) => c.notNull())
        .addColumn('madeAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('instalment_plans_version', ['invoiceId', 'version'])
        .execute()
      await db.schema
        .createTable('instalments')
        .addColumn('planId', 'integer', (c) => c.notNull().references('instalment_plans.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('dueDate', 'text', (c) => c.notNull())
        .addColumn('amount', money, (c) => c.notNull())
        .addPrimaryKeyConstraint('instalments_pk', ['planId', 'position'])
        .execute()
      if (dialect === 'postgres') {
        await sql`alter table rent_steps add column "fromDate" text`.execute(db)
        await sql`update rent_steps set "fromDate" = (select "dueDate" from invoices
          where invoices.id = rent_steps."invoiceId")`.execute(db)
        await sql`alter table rent_steps alter column "fromDate" set not null`.execute(db)
        await sql`alter table rent_steps drop constraint rent_steps_pk`.execute(db)
        await sql`alter table rent_steps add constraint rent_steps_pk
          primary key ("invoiceId", "fromDate", step)`.execute(db)
      } else {
        await rebuildSqliteSteps(db)
      }
    },
  }
}

// SQLite cannot change a primary key: the table is made again, each step counted from its
// invoice's due date (the only one there was).
async function rebuildSqliteSteps(db: Kysely<unknown>) {
  await db.schema
    .createTable('rent_steps_053')
    .addColumn('invoiceId', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('fromDate', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rent_steps_pk', ['invoiceId', 'fromDate', 'step'])
    .execute()
  await sql`insert into rent_steps_053 ("invoiceId", step, date, "fromDate")
    select rent_steps."invoiceId", rent_steps.step, rent_steps.date, invoices."dueDate"
    from rent_steps join invoices on invoices.id = rent_steps."invoiceId"`.execute(db)
  await db.schema.dropTable('rent_steps').execute()
  await sql`alter table rent_steps_053 rename to rent_steps`.execute(db)
}
