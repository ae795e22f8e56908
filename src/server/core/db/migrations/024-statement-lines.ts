import type { Kysely } from 'kysely'

// Issue 31: a payment recorded from a bank statement keeps the identity of the statement's line
// (and which part of it, when a line is split over two invoices), so that the same line in a
// statement imported again, or in the next statement overlapping this one, is never recorded twice.
export function statementLines() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ledger').addColumn('statementLine', 'text').execute()
      await db.schema
        .createIndex('ledger_statement_line')
        .on('ledger')
        .column('statementLine')
        .unique()
        .execute()
    },
  }
}
