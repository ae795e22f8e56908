import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 47, item 6 (decision 61): a notice to quit given for rent unpaid 40 days after it was due
// is one of the notices (inspection_notices, stage 'quit'), so that it ends the tenancy by the same
// deadline job. It follows no round or inspection: those become optional, and a notice says why it
// was given ('inspection' or 'rent') and, for rent, the invoice it is for.
export function rentNotices({ idColumn, dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table inspection_notices alter column "roundId" drop not null`.execute(db)
        await sql`alter table inspection_notices alter column "inspectionId" drop not null`.execute(
          db,
        )
        await sql`alter table inspection_notices
          add column reason text not null default 'inspection'`.execute(db)
        await sql`alter table inspection_notices add column "invoiceId" integer`.execute(db)
      } else {
        // SQLite cannot drop a NOT NULL: the table is made again, every notice keeping its id
        // (the deadline jobs name them).
        await idColumn(db.schema.createTable('inspection_notices_057'))
          .addColumn('plotId', 'text', (c) => c.notNull())
          .addColumn('stage', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('roundId', 'integer')
          .addColumn('inspectionId', 'text')
          .addColumn('tenants', 'text', (c) => c.notNull())
          .addColumn('sentOn', 'text', (c) => c.notNull())
          .addColumn('deadline', 'text', (c) => c.notNull())
          .addColumn('pausedOn', 'text')
          .addColumn('pauseReason', 'text', (c) => c.notNull())
          .addColumn('createdBy', 'text', (c) => c.notNull())
          .addColumn('closedOn', 'text')
          .addColumn('reason', 'text', (c) => c.notNull().defaultTo('inspection'))
          .addColumn('invoiceId', 'integer')
          .execute()
        await sql`insert into inspection_notices_057 (id, "plotId", stage, status, "roundId",
          "inspectionId", tenants, "sentOn", deadline, "pausedOn", "pauseReason", "createdBy",
          "closedOn")
          select id, "plotId", stage, status, "roundId", "inspectionId", tenants, "sentOn",
          deadline, "pausedOn", "pauseReason", "createdBy", "closedOn"
          from inspection_notices`.execute(db)
        await db.schema.dropTable('inspection_notices').execute()
        await sql`alter table inspection_notices_057 rename to inspection_notices`.execute(db)
        await db.schema
          .createIndex('inspection_notices_plot')
          .on('inspection_notices')
          .columns(['plotId', 'id'])
          .execute()
      }
      // The arrears list asks, for its invoices, which have a notice running.
      await db.schema
        .createIndex('inspection_notices_invoice')
        .on('inspection_notices')
        .column('invoiceId')
        .execute()
    },
  }
}
