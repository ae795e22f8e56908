import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// The rent year (issue 16). Money is whole pence in integers. Invoices and their lines are
// written once; what happens to an invoice afterwards is an entry in `ledger` (a payment, a
// refund, a write-off, a cancellation), never an edit, so a balance is always a sum. `requestId`
// makes a payment sent twice one payment. `rent_steps` records each reminder and the arrears
// flag once per invoice.
export function rent({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('people')
        .addColumn('concession', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('messages').addColumn('attachment', 'text').execute()
      await db.schema.alterTable('message_batches').addColumn('key', 'text').execute()
      await db.schema
        .createIndex('message_batches_key')
        .on('message_batches')
        .column('key')
        .unique()
        .execute()
      await idColumn(db.schema.createTable('rent_years'))
        .addColumn('startDate', 'text', (c) => c.notNull().unique())
        .addColumn('dueDate', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await idColumn(db.schema.createTable('invoices'))
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('yearId', 'integer', (c) => c.notNull().references('rent_years.id'))
        .addColumn('plotId', 'text', (c) => c.notNull())
        .addColumn('payerId', 'text', (c) => c.notNull())
        .addColumn('payerName', 'text', (c) => c.notNull())
        .addColumn('payerAddress', 'text', (c) => c.notNull())
        .addColumn('issuedOn', 'text', (c) => c.notNull())
        .addColumn('dueDate', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('invoices_year_plot')
        .on('invoices')
        .columns(['yearId', 'plotId'])
        .execute()
      await db.schema.createIndex('invoices_payer').on('invoices').columns(['payerId']).execute()
      await idColumn(db.schema.createTable('invoice_lines'))
        .addColumn('invoiceId', 'integer', (c) => c.notNull().references('invoices.id'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('invoice_lines_invoice')
        .on('invoice_lines')
        .columns(['invoiceId'])
        .execute()
      await idColumn(db.schema.createTable('ledger'))
        .addColumn('invoiceId', 'integer', (c) => c.notNull().references('invoices.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('method', 'text')
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('requestId', 'text', (c) => c.notNull().unique())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('ledger_invoice').on('ledger').columns(['invoiceId']).execute()
      await db.schema.createIndex('ledger_date').on('ledger').columns(['date']).execute()
      await db.schema
        .createTable('rent_steps')
        .addColumn('invoiceId', 'integer', (c) => c.notNull().references('invoices.id'))
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rent_steps_pk', ['invoiceId', 'step'])
        .execute()
    },
  }
}
