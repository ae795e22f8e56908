import type { Kysely } from 'kysely'

// Issue 43, item 3: what a bank statement's lines say of their payers, and the lines tied to
// payments recorded by hand.
// - `statement_payers`: a line's payer text (its words without numbers) and the person the
//   treasurer paid it to, so that the payer's next payment is offered their invoice first.
// - `statement_ties`: a statement line and the payment recorded by hand that it is, so that the
//   line is never offered again. The ledger's rows are never changed: the tie is a row of its own.
export function statementPayers() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('statement_payers')
        .addColumn('payerText', 'text', (c) => c.primaryKey())
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('statement_payers_person')
        .on('statement_payers')
        .column('personId')
        .execute()
      await db.schema
        .createTable('statement_ties')
        .addColumn('lineId', 'text', (c) => c.primaryKey())
        .addColumn('entryId', 'integer', (c) => c.notNull().unique().references('ledger.id'))
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
