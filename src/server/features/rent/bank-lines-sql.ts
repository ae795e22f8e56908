import { sql, type Insertable } from 'kysely'
import type { BankCategory, CategoryBy } from '#shared/domain/bank-lines'
import type { CategorySum } from '#shared/domain/year-accounts'
import type { BankCategoriesTable, BankLinesTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The rows of every bank line kept (issue 47, items 4 and 5), the treasurer's categories and
// rules, and the year's sums the accounts are made of, added up by the database.

// Lookups and inserts go a thousand at a time, well within both engines' limits on parameters.
const AT_ONCE = 1000

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / AT_ONCE) }, (_, n) =>
    items.slice(n * AT_ONCE, (n + 1) * AT_ONCE),
  )

export const BANK_LINE_COLUMNS = [
  'lineId',
  'date',
  'amount',
  'reference',
  'payee',
  'balance',
  'categoryKey',
  'categoryBy',
] as const

/** Those of the lines given that are kept already. */
export async function keptLineIds(tx: ReadTx, lineIds: readonly string[]): Promise<Set<string>> {
  const kept = new Set<string>()
  for (const some of chunks(lineIds)) {
    const rows = await tx
      .selectFrom('bank_lines')
      .select('lineId')
      .where('lineId', 'in', some)
      .execute()
    for (const row of rows) kept.add(row.lineId)
  }
  return kept
}

/** The next number in the order lines are kept in. */
export async function nextSeq(tx: ReadTx): Promise<number> {
  const row = await tx
    .selectFrom('bank_lines')
    .select((eb) => eb.fn.max('seq').as('last'))
    .executeTakeFirst()
  return Number(row?.last ?? 0) + 1
}

export async function insertBankLines(
  tx: WriteTx,
  lines: ReadonlyArray<Insertable<BankLinesTable>>,
) {
  for (const some of chunks(lines)) await tx.insertInto('bank_lines').values(some).execute()
}

/** The category each payee's rule gives, of the payees given. */
export async function rulesFor(
  tx: ReadTx,
  payees: readonly string[],
): Promise<Map<string, string>> {
  const rules = new Map<string, string>()
  for (const some of chunks([...new Set(payees.filter(Boolean))])) {
    const rows = await tx
      .selectFrom('bank_rules')
      .select(['payee', 'categoryKey'])
      .where('payee', 'in', some)
      .execute()
    for (const row of rows) rules.set(row.payee, row.categoryKey)
  }
  return rules
}

/** Remembers the payee's category, the latest choice replacing any before. */
export async function rememberRule(
  tx: WriteTx,
  rule: { payee: string; categoryKey: string; createdBy: string; createdAt: string },
) {
  await tx.deleteFrom('bank_rules').where('payee', '=', rule.payee).execute()
  await tx.insertInto('bank_rules').values(rule).execute()
}

/** The payee's lines no one chose a category for, and those a rule gave one, given the rule's. */
export async function applyRule(tx: WriteTx, payee: string, categoryKey: string) {
  const result = await tx
    .updateTable('bank_lines')
    .set({ categoryKey, categoryBy: 'rule' })
    .where('payee', '=', payee)
    .where((eb) => eb.or([eb('categoryBy', 'is', null), eb('categoryBy', '=', 'rule')]))
    .where((eb) => eb.or([eb('categoryKey', 'is', null), eb('categoryKey', '!=', categoryKey)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Lines a payment was recorded from, or tied to one: Rent, by the match. */
export async function categoriseMatched(tx: WriteTx, lineIds: readonly string[], rent: string) {
  for (const some of chunks(lineIds))
    await tx
      .updateTable('bank_lines')
      .set({ categoryKey: rent, categoryBy: 'matched' })
      .where('lineId', 'in', some)
      .execute()
}

export const bankLine = (tx: ReadTx, lineId: string) =>
  tx
    .selectFrom('bank_lines')
    .select(BANK_LINE_COLUMNS)
    .where('lineId', '=', lineId)
    .executeTakeFirst()

export async function setCategory(
  tx: WriteTx,
  lineId: string,
  categoryKey: string,
  categoryBy: CategoryBy,
) {
  await tx
    .updateTable('bank_lines')
    .set({ categoryKey, categoryBy })
    .where('lineId', '=', lineId)
    .execute()
}

/** The lines dated in the range: those not yet categorised first, then by date. */
export function linesBetween(tx: ReadTx, from: string, to: string) {
  return tx
    .selectFrom('bank_lines')
    .select(BANK_LINE_COLUMNS)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy(sql`case when ${sql.ref('categoryKey')} is null then 0 else 1 end`)
    .orderBy('date')
    .orderBy('seq')
    .execute()
}

/** The lines dated in the range in the bank's order, for the bookkeeping packages. */
export function linesInOrder(tx: ReadTx, from: string, to: string) {
  return tx
    .selectFrom('bank_lines')
    .select(['date', 'amount', 'reference', 'payee', 'categoryKey'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('seq')
    .execute()
}

/** Each category's money in and out over the range, and its lines: added up by the database. */
export async function categorySums(tx: ReadTx, from: string, to: string): Promise<CategorySum[]> {
  const rows = await tx
    .selectFrom('bank_lines')
    .select((eb) => [
      'categoryKey',
      eb.fn
        .sum<number>(sql`case when ${sql.ref('amount')} > 0 then ${sql.ref('amount')} else 0 end`)
        .as('moneyIn'),
      eb.fn
        .sum<number>(sql`case when ${sql.ref('amount')} < 0 then -${sql.ref('amount')} else 0 end`)
        .as('moneyOut'),
      eb.fn.countAll<number>().as('lines'),
    ])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy('categoryKey')
    .execute()
  return rows.map((row) => ({
    categoryKey: row.categoryKey,
    moneyIn: Number(row.moneyIn),
    moneyOut: Number(row.moneyOut),
    lines: Number(row.lines),
  }))
}

/** The first or the last line of the range, in the bank's order: the balance at that end. */
export const endLine = (tx: ReadTx, from: string, to: string, end: 'first' | 'last') =>
  tx
    .selectFrom('bank_lines')
    .select(['amount', 'balance'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date', end === 'first' ? 'asc' : 'desc')
    .orderBy('seq', end === 'first' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst()

export const openingEntered = (tx: ReadTx, startsOn: string) =>
  tx
    .selectFrom('account_openings')
    .select('balance')
    .where('startsOn', '=', startsOn)
    .executeTakeFirst()

export async function enterOpening(
  tx: WriteTx,
  row: { startsOn: string; balance: number; enteredBy: string; enteredAt: string },
) {
  await tx.deleteFrom('account_openings').where('startsOn', '=', row.startsOn).execute()
  await tx.insertInto('account_openings').values(row).execute()
}

/** The categories the treasurer added or changed. */
export async function changedCategories(tx: ReadTx): Promise<BankCategory[]> {
  const rows = await tx
    .selectFrom('bank_categories')
    .select(['key', 'name', 'kind', 'retiredOn'])
    .orderBy('name')
    .execute()
  return rows.map(({ retiredOn, ...row }) => ({ ...row, retired: retiredOn !== null }))
}

/** A category as the treasurer added or changed it; a usual one changed replaces its row. */
export async function saveCategory(tx: WriteTx, row: Insertable<BankCategoriesTable>) {
  await tx.deleteFrom('bank_categories').where('key', '=', row.key).execute()
  await tx.insertInto('bank_categories').values(row).execute()
}
