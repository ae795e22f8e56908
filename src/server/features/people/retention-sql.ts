import type { Hold } from '#shared/schemas/privacy'
import type { TextScrub } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// Retention's own tables: the former members held back from erasure, the daily runs finished,
// and what a run's erasures must still replace in the rest of the log.

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

/** A merge (issue 46): the merged record's hold becomes the kept record's, unless it has its own. */
export async function moveHold(tx: WriteTx, from: string, to: string): Promise<void> {
  const held = await tx
    .selectFrom('retention_holds')
    .select('personId')
    .where('personId', '=', to)
    .executeTakeFirst()
  if (held) await deleteHold(tx, from)
  else
    await tx
      .updateTable('retention_holds')
      .set({ personId: to })
      .where('personId', '=', from)
      .execute()
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

/** Inside an erasure's write: what it leaves to the run's one reading of the log. */
export async function insertPendingScrubs(tx: WriteTx, scrubs: TextScrub[]): Promise<void> {
  await tx
    .insertInto('retention_scrubs')
    .values({ scrubs: JSON.stringify(scrubs) })
    .execute()
}

export async function pendingScrubs(
  tx: ReadTx,
): Promise<Array<{ id: number; scrubs: TextScrub[] }>> {
  const rows = await tx.selectFrom('retention_scrubs').selectAll().orderBy('id').execute()
  return rows.map((row) => ({ id: row.id, scrubs: JSON.parse(row.scrubs) as TextScrub[] }))
}

export async function deletePendingScrubs(tx: WriteTx, ids: readonly number[]): Promise<void> {
  if (ids.length) await tx.deleteFrom('retention_scrubs').where('id', 'in', ids).execute()
}
