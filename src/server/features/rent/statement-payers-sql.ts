import type { Insertable } from 'kysely'
import type { StatementTiesTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The rows of what the treasurer's choices on a statement teach (issue 43): a line's payer text
// and the person it was paid for; a line tied to the payment recorded by hand that it is.

// Lookups go a thousand names to a statement, well within both engines' limits on parameters.
const AT_ONCE = 1000

/** The person each payer text was paid for, of those given. */
export async function payerRules(
  tx: ReadTx,
  texts: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(texts.filter(Boolean))]
  const rules = new Map<string, string>()
  for (let start = 0; start < wanted.length; start += AT_ONCE) {
    const rows = await tx
      .selectFrom('statement_payers')
      .select(['payerText', 'personId'])
      .where('payerText', 'in', wanted.slice(start, start + AT_ONCE))
      .execute()
    for (const row of rows) rules.set(row.payerText, row.personId)
  }
  return rules
}

/** Remembers whom each payer text was paid for, the latest choice replacing any before. */
export async function rememberPayers(
  tx: WriteTx,
  rules: ReadonlyMap<string, string>,
  createdBy: string,
  createdAt: string,
) {
  const texts = [...rules.keys()].filter(Boolean)
  for (let start = 0; start < texts.length; start += AT_ONCE) {
    const some = texts.slice(start, start + AT_ONCE)
    await tx.deleteFrom('statement_payers').where('payerText', 'in', some).execute()
    await tx
      .insertInto('statement_payers')
      .values(
        some.map((payerText) => ({
          payerText,
          personId: rules.get(payerText)!,
          createdBy,
          createdAt,
        })),
      )
      .execute()
  }
}

/** The rules naming the person, for their data; and their removal, when they are erased. */
export const payerRulesOf = (tx: ReadTx, personId: string) =>
  tx
    .selectFrom('statement_payers')
    .select(['payerText', 'createdAt'])
    .where('personId', '=', personId)
    .execute()

/** A merge (issue 46): the payer texts known as the merged record's are the kept record's. */
export async function movePayerRules(tx: WriteTx, from: string, to: string) {
  await tx
    .updateTable('statement_payers')
    .set({ personId: to })
    .where('personId', '=', from)
    .execute()
}

export async function forgetPayerRules(tx: WriteTx, personId: string) {
  await tx.deleteFrom('statement_payers').where('personId', '=', personId).execute()
}

/**
 * Payments recorded by hand (from no statement line) and tied to none, dated from `from` to `to`,
 * with their invoices' names: those a statement's lines may be.
 */
export function untiedPayments(tx: ReadTx, from: string, to: string) {
  return tx
    .selectFrom('ledger')
    .innerJoin('invoices', 'invoices.id', 'ledger.invoiceId')
    .leftJoin('statement_ties', 'statement_ties.entryId', 'ledger.id')
    .select([
      'ledger.id as entryId',
      'ledger.invoiceId',
      'ledger.amount',
      'ledger.date',
      'invoices.number',
      'invoices.plotId',
      'invoices.payerName',
    ])
    .where('ledger.kind', '=', 'payment')
    .where('ledger.statementLine', 'is', null)
    .where('statement_ties.lineId', 'is', null)
    .where('ledger.date', '>=', from)
    .where('ledger.date', '<=', to)
    .execute()
}

/** A ledger entry as a tie needs it: its kind, and any statement line it is from or tied to. */
export const entryForTie = (tx: ReadTx, entryId: number) =>
  tx
    .selectFrom('ledger')
    .leftJoin('statement_ties', 'statement_ties.entryId', 'ledger.id')
    .select(['ledger.kind', 'ledger.statementLine', 'statement_ties.lineId'])
    .where('ledger.id', '=', entryId)
    .executeTakeFirst()

export async function insertTie(tx: WriteTx, tie: Insertable<StatementTiesTable>) {
  await tx.insertInto('statement_ties').values(tie).execute()
}
