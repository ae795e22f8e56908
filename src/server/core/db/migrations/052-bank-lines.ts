import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 47, items 4 and 5 (decision 59): every line of a bank statement kept, in or out, once by
// the identity the statement import gives it (decision 28), with the category the treasurer, a
// rule or a matched payment gave it; the treasurer's own categories (the usual ones are the
// code's, so none is made here: a database a migration fills is no longer empty to an import);
// the rules the treasurer's choices teach, a payee's words to a category; and the bank balance
// the treasurer gives for the start of a financial year.
export function bankLines({ dialect }: MigrationContext) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bank_lines')
        .addColumn('lineId', 'text', (c) => c.primaryKey())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('amount', money, (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('payee', 'text', (c) => c.notNull())
        .addColumn('balance', money)
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('categoryKey', 'text')
        .addColumn('categoryBy', 'text')
        .addColumn('keptBy', 'text', (c) => c.notNull())
        .addColumn('keptAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('bank_lines_date')
        .on('bank_lines')
        .columns(['date', 'seq'])
        .execute()
      await db.schema.createIndex('bank_lines_payee').on('bank_lines').column('payee').execute()
      await db.schema
        .createTable('bank_categories')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('retiredOn', 'text')
        .addColumn('changedBy', 'text', (c) => c.notNull())
        .addColumn('changedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('bank_rules')
        .addColumn('payee', 'text', (c) => c.primaryKey())
        .addColumn('categoryKey', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('account_openings')
        .addColumn('startsOn', 'text', (c) => c.primaryKey())
        .addColumn('balance', money, (c) => c.notNull())
        .addColumn('enteredBy', 'text', (c) => c.notNull())
        .addColumn('enteredAt', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
