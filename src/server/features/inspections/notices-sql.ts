import type { NoticeReason, NoticeStage, NoticeStatus } from '#shared/domain/inspections'
import type { InspectionNoticesTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { sql, type Selectable } from 'kysely'
import { likeEscaped } from '#server/core/db/scrub'
import type { SiteScope } from '#server/core/site-scope'
import { plotIdsOn } from '#server/features/plots/sql'

// The notices: each plot's chain, one row a step.

export type NoticeRow = Selectable<InspectionNoticesTable>

export function findNotice(tx: ReadTx, id: number): Promise<NoticeRow | undefined> {
  return tx.selectFrom('inspection_notices').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The plot's notice still running, if it has one. */
export function openNoticeOf(tx: ReadTx, plotId: string): Promise<NoticeRow | undefined> {
  return tx
    .selectFrom('inspection_notices')
    .selectAll()
    .where('plotId', '=', plotId)
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/** The plot's notice to quit still running, whatever it was given for. */
export function openQuitOf(tx: ReadTx, plotId: string): Promise<NoticeRow | undefined> {
  return tx
    .selectFrom('inspection_notices')
    .selectAll()
    .where('plotId', '=', plotId)
    .where('status', '=', 'open')
    .where('stage', '=', 'quit')
    .executeTakeFirst()
}

/** The notices to quit running for rent (decision 61): few at any time, read whole. */
export function openRentNotices(tx: ReadTx): Promise<NoticeRow[]> {
  return tx
    .selectFrom('inspection_notices')
    .selectAll()
    .where('status', '=', 'open')
    .where('reason', '=', 'rent')
    .execute()
}

/** The notice to quit running for the invoice's rent, if there is one. */
export function openRentNoticeOf(tx: ReadTx, invoiceId: number): Promise<NoticeRow | undefined> {
  return tx
    .selectFrom('inspection_notices')
    .selectAll()
    .where('invoiceId', '=', invoiceId)
    .where('status', '=', 'open')
    .executeTakeFirst()
}

/** How many improvement notices the plot was sent after `since`. */
export async function improvementsSince(tx: ReadTx, plotId: string, since: string) {
  const row = await tx
    .selectFrom('inspection_notices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('plotId', '=', plotId)
    .where('stage', '=', 'improvement')
    .where('sentOn', '>', since)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * The scope's notices (those of its sites' rounds, and those for rent of its sites' plots)
 * running, and those closed on or after `closedSince`, newest first.
 */
export function listNotices(
  tx: ReadTx,
  scope: SiteScope,
  closedSince: string,
): Promise<NoticeRow[]> {
  let query = tx
    .selectFrom('inspection_notices as n')
    .selectAll('n')
    .where((eb) => eb.or([eb('n.status', '=', 'open'), eb('n.closedOn', '>=', closedSince)]))
    .orderBy('n.id', 'desc')
  const { sites } = scope
  if (sites)
    query = query.where((eb) =>
      eb.or([
        eb(
          'n.roundId',
          'in',
          tx.selectFrom('inspection_rounds').select('id').where('siteId', 'in', sites),
        ),
        eb.and([eb('n.roundId', 'is', null), eb('n.plotId', 'in', plotIdsOn(tx, sites))]),
      ]),
    )
  return query.execute()
}

/** Every notice of the plot, oldest first (its history). */
export function noticesOfPlot(tx: ReadTx, plotId: string): Promise<NoticeRow[]> {
  return tx
    .selectFrom('inspection_notices')
    .selectAll()
    .where('plotId', '=', plotId)
    .orderBy('id')
    .execute()
}

export function insertNotice(
  tx: WriteTx,
  notice: {
    plotId: string
    stage: NoticeStage
    reason: NoticeReason
    /** The round and inspection it follows; none for a notice for rent, which names its invoice. */
    roundId: number | null
    inspectionId: string | null
    invoiceId: number | null
    tenants: readonly string[]
    sentOn: string
    deadline: string
    createdBy: string
  },
): Promise<NoticeRow> {
  return tx
    .insertInto('inspection_notices')
    .values({
      ...notice,
      tenants: JSON.stringify(notice.tenants),
      status: 'open',
      pausedOn: null,
      pauseReason: '',
      closedOn: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function closeNotice(tx: WriteTx, id: number, status: NoticeStatus, on: string) {
  await tx
    .updateTable('inspection_notices')
    .set({ status, closedOn: on })
    .where('id', '=', id)
    .execute()
}

export async function setPause(
  tx: WriteTx,
  id: number,
  pause: { pausedOn: string | null; pauseReason: string; deadline?: string },
) {
  await tx.updateTable('inspection_notices').set(pause).where('id', '=', id).execute()
}

/** The tenants a notice was sent to (person ids). */
export const noticeTenants = (notice: NoticeRow): string[] => JSON.parse(notice.tenants) as string[]

/** The notices sent to the person, oldest first (their data, in one download). */
export async function noticesTo(tx: ReadTx, personId: string): Promise<NoticeRow[]> {
  const rows = await tx
    .selectFrom('inspection_notices')
    .selectAll()
    .where(sql<boolean>`tenants like ${likeEscaped(JSON.stringify(personId))} escape '\\'`)
    .orderBy('id')
    .execute()
  return rows.filter((row) => noticeTenants(row).includes(personId))
}

/**
 * An erasure: the notices sent to the person name the id their record keeps from now on; a merge
 * (issue 46): the record they were merged into, named once on a notice sent to both.
 */
export async function moveNoticeTenant(tx: WriteTx, from: string, to: string) {
  for (const notice of await noticesTo(tx, from)) {
    const tenants = [...new Set(noticeTenants(notice).map((id) => (id === from ? to : id)))]
    await tx
      .updateTable('inspection_notices')
      .set({ tenants: JSON.stringify(tenants) })
      .where('id', '=', notice.id)
      .execute()
  }
}

/** The notices that followed these inspections, by id. */
export async function noticesAfter(tx: ReadTx, inspectionIds: readonly string[]) {
  if (inspectionIds.length === 0) return []
  const rows = await tx
    .selectFrom('inspection_notices')
    .select('id')
    .where('inspectionId', 'in', [...inspectionIds])
    .execute()
  return rows.map((row) => row.id)
}

/**
 * The running notices of the scope's sites whose deadline falls between two days (inclusive): the
 * committee's calendar. A notice's site is its plot's (one given for rent has no round). A paused
 * notice's deadline waits, so it is left out.
 */
export function openNoticesDueBetween(tx: ReadTx, scope: SiteScope, from: string, to: string) {
  let query = tx
    .selectFrom('inspection_notices')
    .select(['id', 'plotId', 'deadline'])
    .where('status', '=', 'open')
    .where('pausedOn', 'is', null)
    .where('deadline', '>=', from)
    .where('deadline', '<=', to)
  if (scope.sites) query = query.where('plotId', 'in', plotIdsOn(tx, scope.sites))
  return query.orderBy('deadline').execute()
}
