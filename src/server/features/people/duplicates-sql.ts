import type { ReadTx } from '#server/core/db/write-transaction'

// What the duplicates report reads (issue 46): everyone whose details are kept, in one query, and
// the plots of those it lists.

/** Everyone not erased, with what may show them to be someone recorded twice. */
export function duplicateCandidates(tx: ReadTx) {
  return tx
    .selectFrom('people')
    .select([
      'id',
      'title',
      'firstName',
      'lastName',
      'email',
      'altEmail',
      'address',
      'isPlotHolder',
      'onWaitingList',
    ])
    .where('erasedOn', 'is', null)
    .execute()
}

/** The plots of the people named, by nickname: a query a thousand people. */
export async function plotsOf(
  tx: ReadTx,
  personIds: readonly string[],
): Promise<Map<string, string[]>> {
  const plots = new Map<string, string[]>()
  for (let start = 0; start < personIds.length; start += 1_000) {
    const rows = await tx
      .selectFrom('tenancy')
      .select(['personId', 'plotId'])
      .where('personId', 'in', personIds.slice(start, start + 1_000))
      .execute()
    for (const row of rows)
      plots.set(row.personId, [...(plots.get(row.personId) ?? []), row.plotId])
  }
  return plots
}
