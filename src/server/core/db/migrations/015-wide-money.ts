import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Money columns wide enough for any amount the rules allow (issue 26). The shared rules bound
// every amount (MAX_PENCE in shared/domain/money.ts), but PostgreSQL's integer stops at
// 2,147,483,647 pence (£21 million), so an invoice beyond it answered 500 where SQLite, whose
// integers are 64-bit, stored it. bigint takes any sum of bounded amounts; the pg driver
// returns it (and SUM over it, a numeric) as a number (core/db/database.ts). SQLite: nothing to do.
const MONEY_COLUMNS = [
  ['invoices', 'amount'],
  ['invoice_lines', 'amount'],
  ['ledger', 'amount'],
] as const

export function wideMoney({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return
      for (const [table, column] of MONEY_COLUMNS)
        await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type bigint`.execute(
          db,
        )
    },
  }
}
