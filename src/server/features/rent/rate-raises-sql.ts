import { fullName } from '#shared/domain/message-copies'
import type { PersonRaiseNotice, RateRaise, RentRates } from '#shared/schemas/rent'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { namesOf } from '#server/features/people/sql'
import { namesOfPlots } from '#server/features/plots/sql'

// Raises of the rates and the tenants told of them (migration 058, decision 62).

/** The organisation's raise (site null) or a site's, the latest not replaced. */
export interface RaiseRow {
  id: number
  siteId: number | null
  ratesBefore: RentRates
  takesEffect: string
}

const toRaise = (row: {
  id: number
  siteId: number | null
  ratesBefore: string
  takesEffect: string
}): RaiseRow => ({ ...row, ratesBefore: JSON.parse(row.ratesBefore) as RentRates })

/** The latest raise not replaced of the organisation's rates and of each site's. */
export async function latestRaises(tx: ReadTx): Promise<RaiseRow[]> {
  const rows = await tx
    .selectFrom('rate_raises')
    .select(['id', 'siteId', 'ratesBefore', 'takesEffect'])
    .where('replacedAt', 'is', null)
    .orderBy('id', 'desc')
    .execute()
  const seen = new Set<number | null>()
  return rows.flatMap((row) => {
    if (seen.has(row.siteId)) return []
    seen.add(row.siteId)
    return [toRaise(row)]
  })
}

/** Raises of these rates still to take effect after `today`, replaced by a change made `at`. */
export async function replaceWaitingRaises(
  tx: WriteTx,
  siteId: number | null,
  today: string,
  at: string,
) {
  await tx
    .updateTable('rate_raises')
    .set({ replacedAt: at })
    .where((eb) => (siteId === null ? eb('siteId', 'is', null) : eb('siteId', '=', siteId)))
    .where('replacedAt', 'is', null)
    .where('takesEffect', '>', today)
    .execute()
}

export async function insertRaise(
  tx: WriteTx,
  raise: {
    siteId: number | null
    ratesBefore: RentRates
    ratesAfter: RentRates | null
    takesEffect: string
    noticeMonths: number
    madeBy: string
    madeAt: string
  },
): Promise<number> {
  const { id } = await tx
    .insertInto('rate_raises')
    .values({
      ...raise,
      ratesBefore: JSON.stringify(raise.ratesBefore),
      ratesAfter: JSON.stringify(raise.ratesAfter),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function insertNotices(
  tx: WriteTx,
  raiseId: number,
  notices: ReadonlyArray<{
    personId: string
    plotId: string
    oldAmount: number
    newAmount: number
  }>,
) {
  if (notices.length === 0) return
  await tx
    .insertInto('rate_notices')
    .values(notices.map((notice) => ({ raiseId, ...notice })))
    .execute()
}

/**
 * The raises still to take effect after `today`, not replaced, newest first, with their notices;
 * `sites` (null: every site) limits them to the sites' own and the organisation's notices to
 * the tenants of those sites' plots.
 */
export async function waitingRaises(
  tx: ReadTx,
  today: string,
  plotsSeen: (plotId: string) => boolean,
  siteSeen: (siteId: number) => boolean,
): Promise<RateRaise[]> {
  const raises = await tx
    .selectFrom('rate_raises')
    .select(['id', 'siteId', 'takesEffect', 'madeBy', 'madeAt'])
    .where('replacedAt', 'is', null)
    .where('takesEffect', '>', today)
    .orderBy('id', 'desc')
    .execute()
  const seen = raises.filter((raise) => raise.siteId === null || siteSeen(raise.siteId))
  if (seen.length === 0) return []
  const notices = await tx
    .selectFrom('rate_notices')
    .selectAll()
    .where(
      'raiseId',
      'in',
      seen.map((raise) => raise.id),
    )
    .orderBy('id')
    .execute()
  const shown = notices.filter((notice) => plotsSeen(notice.plotId))
  const [people, plots] = await Promise.all([
    namesOf(
      tx,
      shown.map((notice) => notice.personId),
    ),
    namesOfPlots(
      tx,
      shown.map((notice) => notice.plotId),
    ),
  ])
  return seen.map((raise) => ({
    ...raise,
    notices: shown
      .filter((notice) => notice.raiseId === raise.id)
      .map((notice) => {
        const person = people.get(notice.personId)
        return {
          personId: notice.personId,
          personName: person ? fullName(person) : notice.personId,
          plotId: notice.plotId,
          plotName: plots.get(notice.plotId) ?? notice.plotId,
          oldAmount: Number(notice.oldAmount),
          newAmount: Number(notice.newAmount),
        }
      }),
  }))
}

// The notices of one person or plot, newest first, with their raise's day (a replaced raise's too:
// the notice was written).
function noticesWhere(tx: ReadTx) {
  return tx
    .selectFrom('rate_notices')
    .innerJoin('rate_raises', 'rate_raises.id', 'rate_notices.raiseId')
    .select([
      'rate_notices.raiseId',
      'rate_notices.personId',
      'rate_notices.plotId',
      'rate_notices.oldAmount',
      'rate_notices.newAmount',
      'rate_raises.takesEffect',
      'rate_raises.madeBy',
      'rate_raises.madeAt',
    ])
    .orderBy('rate_notices.raiseId', 'desc')
}

export async function noticesOfPerson(tx: ReadTx, personId: string): Promise<PersonRaiseNotice[]> {
  const rows = await noticesWhere(tx).where('rate_notices.personId', '=', personId).execute()
  const plots = await namesOfPlots(
    tx,
    rows.map((row) => row.plotId),
  )
  return rows.map((row) => ({
    raiseId: row.raiseId,
    plotId: row.plotId,
    plotName: plots.get(row.plotId) ?? row.plotId,
    oldAmount: Number(row.oldAmount),
    newAmount: Number(row.newAmount),
    takesEffect: row.takesEffect,
    madeBy: row.madeBy,
  }))
}

export async function noticesOfPlot(tx: ReadTx, plotId: string) {
  const rows = await noticesWhere(tx).where('rate_notices.plotId', '=', plotId).execute()
  return rows.map((row) => ({
    ...row,
    oldAmount: Number(row.oldAmount),
    newAmount: Number(row.newAmount),
  }))
}

/**
 * Each person's latest notice of a rise (of a raise not replaced), their plots' rent on it summed,
 * for a letter's `{oldRent}`, `{newRent}` and `{rentFrom}`.
 */
export async function latestNoticeByPerson(
  tx: ReadTx,
): Promise<Map<string, { oldAmount: number; newAmount: number; takesEffect: string }>> {
  const rows = await noticesWhere(tx).where('rate_raises.replacedAt', 'is', null).execute()
  const latest = new Map<
    string,
    { raiseId: number; oldAmount: number; newAmount: number; takesEffect: string }
  >()
  for (const row of rows) {
    const held = latest.get(row.personId)
    if (held && held.raiseId !== row.raiseId) continue
    latest.set(row.personId, {
      raiseId: row.raiseId,
      oldAmount: (held?.oldAmount ?? 0) + Number(row.oldAmount),
      newAmount: (held?.newAmount ?? 0) + Number(row.newAmount),
      takesEffect: row.takesEffect,
    })
  }
  return new Map(
    [...latest].map(([id, { oldAmount, newAmount, takesEffect }]) => [
      id,
      { oldAmount, newAmount, takesEffect },
    ]),
  )
}

/** A merge's or an erasure's: the notices of one record are the other's. */
export async function moveNotices(tx: WriteTx, from: string, to: string): Promise<number> {
  const result = await tx
    .updateTable('rate_notices')
    .set({ personId: to })
    .where('personId', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
