import type { Kysely } from 'kysely'

// Issue 43: a joint plot's payer is chosen on the plot. The choice is a mark on the payer's
// tenancy row, so it leaves with them and an erasure or an import carries it like the row; a plot
// with no mark (every plot until a payer is chosen) is paid by its longest-standing tenant.
export function tenancyPayer() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tenancy')
        .addColumn('pays', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
