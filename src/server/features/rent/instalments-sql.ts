import type { Instalment } from '#shared/domain/instalments'
import type { WriteTx } from '#server/core/db/write-transaction'

// An invoice's splits into instalments (decision 60): each a new version, the earlier ones kept.
// They are read with the invoices (sql.ts).

/** Stores a split of the invoice as the version given, with its instalments in due-date order. */
export async function insertPlan(
  tx: WriteTx,
  plan: {
    invoiceId: number
    version: number
    coveredBefore: number
    madeBy: string
    madeAt: string
  },
  instalments: readonly Instalment[],
): Promise<void> {
  const { id } = await tx
    .insertInto('instalment_plans')
    .values(plan)
    .returning('id')
    .executeTakeFirstOrThrow()
  await tx
    .insertInto('instalments')
    .values(
      instalments.map((instalment, index) => ({ planId: id, position: index + 1, ...instalment })),
    )
    .execute()
}
