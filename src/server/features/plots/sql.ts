import * as peopleRules from '#shared/domain/people'
import * as plotRules from '#shared/domain/plots'
import { comparePlotIds, isOccupied, payerOf, type TenantOf } from '#shared/domain/plots'
import { plotIdCandidates } from '#shared/domain/sites'
import type { SizeBand } from '#shared/domain/area'
import { leavePlot, type TenancyEndReason } from '#shared/domain/tenancy-end'
import { feePence, feePounds } from '#shared/domain/money'
import type { Person } from '#shared/schemas/person'
import type { Gradient, Plot } from '#shared/schemas/plot'
import type { PlotRow } from '#server/core/db/schema'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import { reusableQuery } from '#server/core/db/reusable-query'
import { nextVersion, updateAtVersion } from '#server/core/db/versioned'
import { withoutWaiting, type ReadTx, type WriteTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'
import { unlessRefused } from '#server/core/errors'
import type { PeopleMerge } from '#server/core/hooks'
import {
  deleteTenancy,
  insertTenancy,
  letPlotIds,
  markPayer,
  moveTenancy,
  requirePerson,
  setTenancyBegan,
  tenantsByPlot,
  tenantsOf,
  updatePerson,
  type PersonOnSites,
} from '#server/features/people/sql'
import { recordTenancyEnd, tenancyBegan } from '#server/features/people/tenancy-ends-sql'

// Rows hold flags as 0/1 and neither tenants nor occupied: both come from the tenancy table
// (people's), so that a plot and its tenants' plot lists can never disagree.
function toPlot(row: PlotRow, tenancies: readonly TenantOf[]): Plot {
  const sorted = tenancies.map((tenancy) => tenancy.personId).sort()
  return {
    id: row.id,
    name: row.name,
    siteId: row.siteId,
    description: row.description,
    area: row.area,
    distance: row.distance,
    fee: feePounds(row.feePence),
    sizeBand: row.sizeBand as SizeBand | null,
    gradient: row.gradient as Gradient,
    paid: Boolean(row.paid),
    showOnGrid: Boolean(row.showOnGrid),
    isNew: Boolean(row.isNew),
    isFailed: Boolean(row.isFailed),
    tenants: sorted,
    payer: payerOf(tenancies),
    occupied: isOccupied(sorted),
    version: row.version,
  }
}

function fieldsOf(plot: Plot) {
  return {
    name: plot.name,
    siteId: plot.siteId,
    description: plot.description,
    area: plot.area,
    distance: plot.distance,
    feePence: feePence(plot.fee),
    sizeBand: plot.sizeBand,
    gradient: plot.gradient,
    paid: plot.paid ? 1 : 0,
    showOnGrid: plot.showOnGrid ? 1 : 0,
    isNew: plot.isNew ? 1 : 0,
    isFailed: plot.isFailed ? 1 : 0,
  }
}

/** The plots of the sites in scope (issue 46), in plot order. */
export async function listPlots(tx: ReadTx, scope: SiteScope): Promise<Plot[]> {
  let query = tx.selectFrom('plots').selectAll()
  if (scope.sites) query = query.where('siteId', 'in', scope.sites)
  const [rows, tenants] = await Promise.all([query.execute(), tenantsByPlot(tx, scope)])
  return rows
    .map((row) => toPlot(row, tenants.get(row.id) ?? []))
    .sort((a, b) => comparePlotIds(a.id, b.id))
}

// Compiled once: every change to a plot or a tenancy begins with it (and the plot's tenants).
const plotRow = reusableQuery((kysely, id: string) =>
  kysely.selectFrom('plots').selectAll().where('id', '=', id),
)

export async function findPlot(tx: ReadTx, id: string): Promise<Plot | undefined> {
  const [[row], tenancies] = await Promise.all([plotRow(tx, id), tenantsOf(tx, id)])
  return row && toPlot(row, tenancies)
}

export async function findPlots(tx: ReadTx, ids: readonly string[]): Promise<Plot[]> {
  if (ids.length === 0) return []
  const [rows, tenants] = await Promise.all([
    tx.selectFrom('plots').selectAll().where('id', 'in', ids).execute(),
    tenantsByPlot(tx, { plotIds: ids }),
  ])
  return rows
    .map((row) => toPlot(row, tenants.get(row.id) ?? []))
    .sort((a, b) => comparePlotIds(a.id, b.id))
}

/**
 * The keys of the plots on those sites, as a subquery: for the records kept by plot (a rent
 * year's invoices, decision 48) to be filtered to a scope in SQL, on the plots' site index.
 */
export function plotIdsOn(tx: ReadTx, sites: readonly number[]) {
  return tx.selectFrom('plots').select('plots.id').where('plots.siteId', 'in', sites)
}

/** The site of each plot named that is on record, by plot key: one indexed read. */
export async function plotSites(tx: ReadTx, ids: readonly string[]) {
  return mapOf(await plotsKeyed(tx, ids), (plot) => plot.siteId)
}

/** The names of the plots of those keys (another site's "1" is keyed "1-2"): key → name. */
export async function namesOfPlots(tx: ReadTx, ids: readonly string[]) {
  return mapOf(await plotsKeyed(tx, ids), (plot) => plot.name)
}

/** The name of the plot of that key, for one record's words; its key once it is not recorded. */
export async function nameOfPlot(tx: ReadTx, id: string): Promise<string> {
  return (await namesOfPlots(tx, [id])).get(id) ?? id
}

/** The name and site of the plots of those keys, for records kept by key (rent's invoices). */
export async function namesAndSitesOfPlots(tx: ReadTx, ids: readonly string[]) {
  return mapOf(await plotsKeyed(tx, ids), ({ name, siteId }) => ({ name, siteId }))
}

function plotsKeyed(tx: ReadTx, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return tx
    .selectFrom('plots')
    .select(['id', 'siteId', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
}

const mapOf = <Row extends { id: string }, Value>(rows: Row[], value: (row: Row) => Value) =>
  new Map(rows.map((row) => [row.id, value(row)]))

/**
 * Each plot of the scope's sites, let or not and shown on the grid or not: what a report counts,
 * without reading every plot's tenants (a council's 8,000 plots and 26,000 tenancies).
 */
export async function plotStates(tx: ReadTx, scope: SiteScope): Promise<PlotState[]> {
  let query = tx.selectFrom('plots').select(['id', 'siteId', 'showOnGrid'])
  if (scope.sites) query = query.where('siteId', 'in', scope.sites)
  const [rows, let_] = await Promise.all([query.execute(), letPlotIds(tx, scope)])
  return rows.map((row) => ({
    id: row.id,
    siteId: row.siteId,
    showOnGrid: row.showOnGrid === 1,
    occupied: let_.has(row.id),
  }))
}

export interface PlotState {
  id: string
  siteId: number
  occupied: boolean
  showOnGrid: boolean
}

/** The plots without a tenant (not occupied), in plot order. */
export async function vacantPlotIds(tx: ReadTx, scope: SiteScope): Promise<string[]> {
  return (await listPlots(tx, scope)).filter((plot) => !plot.occupied).map((plot) => plot.id)
}

/** The ids of the plots of the sites in scope. */
export async function plotIdsOf(tx: ReadTx, scope: SiteScope): Promise<string[]> {
  let query = tx.selectFrom('plots').select('id')
  if (scope.sites) query = query.where('siteId', 'in', scope.sites)
  return (await query.execute()).map((row) => row.id)
}

/** Whether any plot is on record yet (the first-run steps). */
export async function anyPlot(tx: ReadTx): Promise<boolean> {
  return (await tx.selectFrom('plots').select('id').limit(1).executeTakeFirst()) !== undefined
}

// Plot names differing only in case would be one plot to anyone reading the map (lower() on
// both sides, as for nicknames).
/** The names of the site's plots. */
export async function plotNames(tx: ReadTx, siteId: number): Promise<string[]> {
  const rows = await tx.selectFrom('plots').select('name').where('siteId', '=', siteId).execute()
  return rows.map((row) => row.name)
}

/** Whether a plot of the site is called `name`, in any case. */
export async function plotNameTaken(tx: ReadTx, siteId: number, name: string): Promise<boolean> {
  const row = await tx
    .selectFrom('plots')
    .select('id')
    .where('siteId', '=', siteId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
    .executeTakeFirst()
  return row !== undefined
}

/** Every change that makes plots takes this lock: two plots made at once must not take one key. */
export const PLOT_KEYS_LOCK = 'plots:keys'

/**
 * The key a new plot called `name` on the site takes: the first of its candidates that no plot
 * holds in any case (two keys differing only in case would be one address to a reader).
 */
export async function freePlotId(tx: ReadTx, name: string, siteId: number): Promise<string> {
  for (const id of plotIdCandidates(name, siteId)) {
    const row = await tx
      .selectFrom('plots')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['id']), '=', eb.fn('lower', [eb.val(id)])))
      .executeTakeFirst()
    if (!row) return id
  }
  throw new Error('unreachable: the candidates never end')
}

// A new plot's tenants come afterwards (addTenant); until then it is saved, and answered, as
// occupied or not by its tenants, whatever it was built with (blankPlot is occupied).
export async function insertPlot(tx: WriteTx, plot: Plot): Promise<Plot> {
  await tx
    .insertInto('plots')
    .values({ id: plot.id, ...fieldsOf(plot), version: plot.version })
    .execute()
  return { ...plot, occupied: isOccupied(plot.tenants) }
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
    await nextVersion(tx, 'plots', ids.slice(start, start + 1_000))
  }
}

/** Removes plots an import made, when it is undone (their tenancy rows go with them). */
export async function deletePlotRows(tx: WriteTx, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 1_000)
    await tx
      .deleteFrom('plots')
      .where('id', 'in', ids.slice(start, start + 1_000))
      .execute()
}

// Until the import reads them from people/sql, where the tenancy table now lives.
export { insertTenancies as addTenancies, tenantCounts } from '#server/features/people/sql'

// Writes the plot as the next version if the row is still at `plot.version` (the version the
// change was made against); 409 staleVersion otherwise. Tenants are not written here: a tenant
// comes and goes with addTenant and endTenancy.
export async function updatePlot(tx: WriteTx, plot: Plot): Promise<Plot> {
  const version = await updateAtVersion(tx, 'plots', plot.id, plot.version, fieldsOf(plot))
  return { ...plot, version }
}

export interface Tenancy {
  plot: Plot
  person: Person
}

/**
 * The one way a tenant is added (from the plot's page, or by accepting an offer): the tenancy
 * row, and the next versions of the plot and the person (a plot holder now, joined today if it
 * is their first plot; `offWaitingList` takes them off the list in the same version). Both are
 * as read inside the write, under their locks (`asRead`: the person as read, with their places).
 * A plot of four refuses (422); a tenant already there changes nothing.
 */
export async function addTenant(
  tx: WriteTx,
  plot: Plot,
  person: Person,
  today: string,
  { offWaitingList = false, asRead }: { offWaitingList?: boolean; asRead?: PersonOnSites } = {},
): Promise<Tenancy> {
  if (plot.tenants.includes(person.id)) return { plot, person }
  const withTenant = unlessRefused(plotRules.addTenant(plot, person.id))
  const holder = peopleRules.addPlotToPerson(person, plot.id, today)
  // Sent together, and run in this order; none is waited for on PostgreSQL (the row is the
  // tenancy's own, and the versions are checked in the database). The payer is marked, so that a
  // newcomer with an earlier Date joined does not become the payer by it.
  const [, , saved, savedPerson] = await Promise.all([
    withoutWaiting(tx, insertTenancy(tx, plot, person.id, today)),
    withoutWaiting(tx, markPayer(tx, plot.id, withTenant.payer)),
    updatePlot(tx, withTenant),
    updatePerson(tx, offWaitingList ? { ...holder, onWaitingList: false } : holder, { asRead }),
  ])
  return { plot: saved, person: savedPerson }
}

// A plot its payer has left: who pays now is as its remaining tenancies say.
const needsPayer = (plot: Plot) => !plot.payer && plot.occupied

async function withPayer(tx: ReadTx, plot: Plot): Promise<Plot> {
  return needsPayer(plot) ? { ...plot, payer: payerOf(await tenantsOf(tx, plot.id)) } : plot
}

/** The one who pays the plot's rent from now on (one of its tenants), at the plot's next version. */
export async function choosePayer(tx: WriteTx, plot: Plot, personId: string): Promise<Plot> {
  await markPayer(tx, plot.id, personId)
  return updatePlot(tx, { ...plot, payer: personId })
}

/** How a tenancy ended (issue 44): the day and why; the time it is recorded at. */
export interface Ending {
  endedOn: string
  reason: TenancyEndReason
  recordedAt: string
}

/**
 * The one way a tenancy ends: the row goes, and both records are written at their next versions.
 * With an `ending` (a tenant leaving) the tenancy is kept as ended, with the day it began, and a
 * leaver who holds no other plot is a former tenant (`leavePlot`); without one (a tenant added by
 * mistake) it leaves no trace but the log's, by the spec's rule. `asRead`: the person as the
 * write read them, with their places.
 */
export async function endTenancy(
  tx: WriteTx,
  plot: Plot,
  person: Person,
  { ending, asRead }: { ending?: Ending; asRead?: PersonOnSites } = {},
): Promise<Tenancy> {
  if (!plot.tenants.includes(person.id)) return { plot, person }
  if (ending) {
    const beganOn = await tenancyBegan(tx, plot.id, person)
    await recordTenancyEnd(tx, { plotId: plot.id, personId: person.id, beganOn, ...ending })
  }
  const left = plotRules.removeTenant(plot, person.id)
  // Sent together, and run in this order: the tenancies read after the row has gone. Who pays is
  // not a field of the plot's row, so the row is written before it is known.
  const [, remaining, saved, savedPerson] = await Promise.all([
    withoutWaiting(tx, deleteTenancy(tx, plot.id, person.id)),
    needsPayer(left) ? tenantsOf(tx, plot.id) : undefined,
    updatePlot(tx, left),
    updatePerson(
      tx,
      ending
        ? leavePlot(person, plot.id, ending.reason)
        : peopleRules.removePlotFromPerson(person, plot.id),
      { asRead },
    ),
  ])
  return { plot: remaining ? { ...saved, payer: payerOf(remaining) } : saved, person: savedPerson }
}

/**
 * A person's removal (the removingPerson hook): they leave every plot they hold, each plot
 * written at its next version; the plots as saved, for the removal's log entry.
 */
export async function endTenanciesOf(tx: WriteTx, personId: string): Promise<Plot[]> {
  const person = await requirePerson(tx, personId)
  const plots: Plot[] = []
  for (const plot of peopleRules.deletePerson(person, await findPlots(tx, person.plots)).plots) {
    await deleteTenancy(tx, plot.id, personId)
    plots.push(await updatePlot(tx, await withPayer(tx, plot)))
  }
  return plots
}

/**
 * Two records of one person made one (the mergingPeople hook, issue 46): the merged record's
 * tenancies become the kept record's. A plot both held keeps one tenancy, from the earlier day
 * either began, paying if either paid; no plot gains a tenant. Each plot changed goes to its next
 * version; their ids, for the merge's log entry.
 */
export async function mergeTenancies(tx: WriteTx, { kept, merged }: PeopleMerge) {
  for (const plotId of merged.plots) {
    if (!kept.plots.includes(plotId)) {
      await moveTenancy(tx, plotId, merged.id, kept.id)
      continue
    }
    const pays = (await tenantsOf(tx, plotId)).some(
      (tenant) => tenant.pays && (tenant.personId === kept.id || tenant.personId === merged.id),
    )
    const began = [
      await tenancyBegan(tx, plotId, kept),
      await tenancyBegan(tx, plotId, merged),
    ].sort()[0]!
    await deleteTenancy(tx, plotId, merged.id)
    await setTenancyBegan(tx, plotId, kept.id, began)
    if (pays) await markPayer(tx, plotId, kept.id)
  }
  await nextVersion(tx, 'plots', merged.plots)
  return merged.plots
}

// Rent's changes to plots: once a rent year is under way the paid flag follows the ledger, and
// a plot whose rent is in arrears is marked failed.

/**
 * Sets the paid flag of the plots given (as read in the same write). An occupied plot whose flag
 * changes goes to its next version. A vacant plot's flag is set too, so that it follows the rule
 * like every other, but makes no new version: no tenant's rent is in it, and the filters, the map
 * and the letters read the flag of occupied plots only.
 */
export async function setPaid(tx: WriteTx, plots: readonly Plot[], paid: boolean): Promise<void> {
  const flag = paid ? 1 : 0
  for (const [occupied, ids] of [
    [true, plots.filter((plot) => plot.occupied).map((plot) => plot.id)],
    [false, plots.filter((plot) => !plot.occupied).map((plot) => plot.id)],
  ] as const)
    for (let start = 0; start < ids.length; start += 1_000)
      await tx
        .updateTable('plots')
        .set((eb) => ({
          paid: flag,
          version: occupied ? eb('version', '+', 1) : eb.ref('version'),
        }))
        .where('id', 'in', ids.slice(start, start + 1_000))
        .where('paid', '!=', flag)
        .execute()
}

/** Marks a plot failed (its rent in arrears: ready to re-let), unless it already is. */
export async function markFailed(tx: WriteTx, id: string): Promise<void> {
  await tx
    .updateTable('plots')
    .set((eb) => ({ isFailed: 1, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('isFailed', '=', 0)
    .execute()
}

/** How many plots each site has, by site id (none: left out). */
export async function plotCountsBySite(tx: ReadTx): Promise<Map<number, number>> {
  const rows = await tx
    .selectFrom('plots')
    .select((eb) => ['siteId', eb.fn.countAll().as('count')])
    .groupBy('siteId')
    .execute()
  return new Map(rows.map((row) => [row.siteId, Number(row.count)]))
}
