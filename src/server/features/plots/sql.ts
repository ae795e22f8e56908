import { comparePlotIds, isOccupied } from '#shared/domain/plots'
import { messages } from '#shared/messages'
import type { Gradient, Plot } from '#shared/schemas/plot'
import type { PlotRow } from '#server/core/db/schema'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import { withLinkedIds } from '#server/core/db/left-join'
import { reusableQuery } from '#server/core/db/reusable-query'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { conflict } from '#server/core/errors'

// Rows hold flags as 0/1 and neither tenants nor occupied: both come from the tenancy table,
// so that a plot and its tenants' plot lists can never disagree.
function toPlot(row: PlotRow, tenants: readonly string[]): Plot {
  const sorted = [...tenants].sort()
  return {
    id: row.id,
    description: row.description,
    area: row.area,
    distance: row.distance,
    fee: row.fee,
    gradient: row.gradient as Gradient,
    paid: Boolean(row.paid),
    showOnGrid: Boolean(row.showOnGrid),
    isNew: Boolean(row.isNew),
    isFailed: Boolean(row.isFailed),
    tenants: sorted,
    occupied: isOccupied(sorted),
    version: row.version,
  }
}

function fieldsOf(plot: Plot) {
  return {
    description: plot.description,
    area: plot.area,
    distance: plot.distance,
    fee: plot.fee,
    gradient: plot.gradient,
    paid: plot.paid ? 1 : 0,
    showOnGrid: plot.showOnGrid ? 1 : 0,
    isNew: plot.isNew ? 1 : 0,
    isFailed: plot.isFailed ? 1 : 0,
  }
}

// One query for the tenancy rows of the wanted plots, grouped here: never one query per plot.
async function tenantsByPlot(
  tx: ReadTx,
  plotIds?: readonly string[],
): Promise<Map<string, string[]>> {
  let query = tx.selectFrom('tenancy').select(['plotId', 'personId'])
  if (plotIds) query = query.where('plotId', 'in', plotIds)
  const rows = await query.execute()
  const grouped = new Map<string, string[]>()
  for (const { plotId, personId } of rows) {
    const tenants = grouped.get(plotId)
    if (tenants) tenants.push(personId)
    else grouped.set(plotId, [personId])
  }
  return grouped
}

export async function listPlots(tx: ReadTx): Promise<Plot[]> {
  const [rows, tenants] = await Promise.all([
    tx.selectFrom('plots').selectAll().execute(),
    tenantsByPlot(tx),
  ])
  return rows
    .map((row) => toPlot(row, tenants.get(row.id) ?? []))
    .sort((a, b) => comparePlotIds(a.id, b.id))
}

// The plot and its tenancy rows in one indexed read (a row per tenant, or one with none),
// compiled once: every change to a plot or a tenancy begins with it.
const plotWithTenants = reusableQuery((kysely, id: string) =>
  kysely
    .selectFrom('plots')
    .leftJoin('tenancy', 'tenancy.plotId', 'plots.id')
    .selectAll('plots')
    .select('tenancy.personId')
    .where('plots.id', '=', id),
)

export async function findPlot(tx: ReadTx, id: string): Promise<Plot | undefined> {
  const found = withLinkedIds(await plotWithTenants(tx, id), 'personId')
  return found && toPlot(...found)
}

export async function findPlots(tx: ReadTx, ids: readonly string[]): Promise<Plot[]> {
  if (ids.length === 0) return []
  const [rows, tenants] = await Promise.all([
    tx.selectFrom('plots').selectAll().where('id', 'in', ids).execute(),
    tenantsByPlot(tx, ids),
  ])
  return rows
    .map((row) => toPlot(row, tenants.get(row.id) ?? []))
    .sort((a, b) => comparePlotIds(a.id, b.id))
}

// Plot names differing only in case would be one plot to anyone reading the map (lower() on
// both sides, as for nicknames).
export async function plotNameTaken(tx: ReadTx, id: string): Promise<boolean> {
  const row = await tx
    .selectFrom('plots')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['id']), '=', eb.fn('lower', [eb.val(id)])))
    .executeTakeFirst()
  return row !== undefined
}

export async function insertPlot(tx: WriteTx, plot: Plot): Promise<Plot> {
  await tx
    .insertInto('plots')
    .values({ id: plot.id, ...fieldsOf(plot), version: plot.version })
    .execute()
  return plot
}

/** New plots all at once (an import): as insertPlot, in a few statements. */
export function insertPlots(tx: WriteTx, plots: readonly Plot[]): Promise<void> {
  return insertInBatches(
    tx,
    'plots',
    plots.map((plot) => ({ id: plot.id, ...fieldsOf(plot), version: plot.version })),
  )
}

/** Plots that gained tenants in an import, at their next version. */
export async function touchPlots(tx: WriteTx, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 1_000) {
    await tx
      .updateTable('plots')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', 'in', ids.slice(start, start + 1_000))
      .execute()
  }
}

export function addTenancies(
  tx: WriteTx,
  tenancies: ReadonlyArray<{ plotId: string; personId: string }>,
): Promise<void> {
  return insertInBatches(tx, 'tenancy', tenancies)
}

/** How many tenants each plot has, by plot id. */
export async function tenantCounts(tx: ReadTx): Promise<Map<string, number>> {
  const rows = await tx
    .selectFrom('tenancy')
    .select((eb) => ['plotId', eb.fn.countAll<number>().as('count')])
    .groupBy('plotId')
    .execute()
  return new Map(rows.map((row) => [row.plotId, Number(row.count)]))
}

// Writes the plot read at `plot.version` as the next version; the compare-and-set backs up the
// service's check. Tenants are not written here but with addTenancy/removeTenancy.
export async function updatePlot(tx: WriteTx, plot: Plot): Promise<Plot> {
  const result = await tx
    .updateTable('plots')
    .set({ ...fieldsOf(plot), version: plot.version + 1 })
    .where('id', '=', plot.id)
    .where('version', '=', plot.version)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw conflict(messages.staleVersion)
  return { ...plot, version: plot.version + 1 }
}

export async function addTenancy(tx: WriteTx, plotId: string, personId: string): Promise<void> {
  await tx.insertInto('tenancy').values({ plotId, personId }).execute()
}

export async function removeTenancy(tx: WriteTx, plotId: string, personId: string): Promise<void> {
  await tx
    .deleteFrom('tenancy')
    .where('plotId', '=', plotId)
    .where('personId', '=', personId)
    .execute()
}
