import type { Hold } from '#shared/schemas/privacy'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// Privacy's own tables: the former members held back from erasure, and the daily runs finished.

export async function holds(tx: ReadTx): Promise<Map<string, Hold>> {
  const rows = await tx.selectFrom('retention_holds').selectAll().execute()
  return new Map(rows.map(({ personId, ...hold }) => [personId, hold]))
}

export async function upsertHold(tx: WriteTx, personId: string, hold: Hold): Promise<void> {
  await tx
    .insertInto('retention_holds')
    .values({ personId, ...hold })
    .onConflict((c) => c.column('personId').doUpdateSet(hold))
    .execute()
}

/** Ends the person's hold; whether there was one. */
export async function deleteHold(tx: WriteTx, personId: string): Promise<boolean> {
  const result = await tx
    .deleteFrom('retention_holds')
    .where('personId', '=', personId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export function lastRun(tx: ReadTx) {
  return tx
    .selectFrom('retention_runs')
    .select(['day', 'erased', 'deleted'])
    .orderBy('day', 'desc')
    .executeTakeFirst()
}

export async function runFinished(tx: ReadTx, day: string): Promise<boolean> {
  const row = await tx
    .selectFrom('retention_runs')
    .select('day')
    .where('day', '=', day)
    .executeTakeFirst()
  return row !== undefined
}

export async function recordRun(
  tx: WriteTx,
  run: { day: string; erased: number; deleted: number; finishedAt: string },
): Promise<void> {
  await tx.insertInto('retention_runs').values(run).execute()
}
