import type { Kysely } from 'kysely'

// Issue 43: an invoice charges part of a year when its plot was let after the year started. The
// twelfths it charges are kept with it, so that a tenant leaving later has it reduced to the
// months held of those it charged; every invoice before charged the whole year.
export function invoiceMonths() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('invoices')
        .addColumn('months', 'integer', (c) => c.notNull().defaultTo(12))
        .execute()
    },
  }
}
