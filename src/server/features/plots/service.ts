import * as plotRules from '#shared/domain/plots'
import { erasureMessages } from '#shared/messages/erasure'
import { plotMessages } from '#shared/messages/plots'
import type {
  ChoosePayer,
  MyPlot,
  NewPlot,
  Plot,
  TenantName,
  UpdatePlot,
} from '#shared/schemas/plot'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { conflict, notFound, unlessRefused } from '#server/core/errors'
import { anyOf, type Hooks, type TenancyEnding } from '#server/core/hooks'
import { loggedChange, recordKey, type LoggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Leaving } from '#shared/schemas/leaving'
import {
  namesOf,
  requirePerson,
  requirePersonInScope,
  tenantNames,
  type PersonOnSites,
} from '#server/features/people/sql'
import * as plotsRepo from '#server/features/plots/sql'
import { firstOpenSite, requireOpenSite } from '#server/features/sites/sql'
import type { Tenancy } from '#server/features/plots/sql'

/** What plots' services take from the core. */
export interface Plots {
  db: Db
  clock: Clock
  hooks: Hooks
}

/** The plots the member holds, each with the others who hold it by first name. */
export async function myPlots({ db }: Plots, personId: string): Promise<MyPlot[]> {
  const person = await requirePerson(db.kysely, personId)
  const plots = await plotsRepo.findPlots(db.kysely, person.plots)
  const others = plots.flatMap((plot) => plot.tenants.filter((id) => id !== personId))
  const names = await namesOf(db.kysely, others)
  return plots.map(({ id, name, siteId, description, area, tenants }) => ({
    id,
    name,
    siteId,
    description,
    area,
    coTenants: tenants
      .filter((other) => other !== personId)
      .map((other) => names.get(other)?.firstName ?? ''),
  }))
}

function plotChange(methodName: string, id: string, viewer: Viewer): LoggedChange {
  return { methodName, eventCollection: 'plots', docId: id, userName: viewer.userName }
}

/**
 * The plot, read fresh: 404 when there is none, 403 when it is on a site outside the scope
 * (issue 46). `change`: the change under way, whose log entry (or refused attempt's) names the
 * plot's site.
 */
export async function requirePlot(
  tx: ReadTx,
  scope: SiteScope,
  id: string,
  change?: LoggedChange,
): Promise<Plot> {
  const plot = await plotsRepo.findPlot(tx, id)
  if (!plot) throw notFound(plotMessages.plotMissing(id))
  if (change) change.sites = [plot.siteId]
  requireSiteInScope(scope, plot.siteId)
  return plot
}

/** The plots of the sites in scope. */
export function listPlots({ db }: Plots, scope: SiteScope): Promise<Plot[]> {
  return plotsRepo.listPlots(db.kysely, scope)
}

/** The first and last names of the tenants of the plots in scope, by nickname. */
export function listTenantNames({ db }: Plots, scope: SiteScope): Promise<TenantName[]> {
  return tenantNames(db.kysely, scope)
}

export function getPlot({ db }: Plots, scope: SiteScope, id: string): Promise<Plot> {
  return requirePlot(db.kysely, scope, id)
}

/**
 * A new plot on the site chosen, or the first in use: its name unique within the site, its key
 * the name unless another site's plot holds it (decision 43).
 */
export function createPlot(
  { db }: Plots,
  viewer: Viewer,
  scope: SiteScope,
  input: NewPlot,
): Promise<Plot> {
  const { id: name, siteId: chosen, ...fields } = input
  const change = {
    ...plotChange('createPlot', name, viewer),
    alsoLocks: [plotsRepo.PLOT_KEYS_LOCK],
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      // One limited to some sites names one of them, or gets the first of theirs.
      const named = chosen ?? scope.sites?.[0]
      const site = named ? await requireOpenSite(tx, named) : await firstOpenSite(tx)
      change.sites = [site.id]
      requireSiteInScope(scope, site.id)
      if (await plotsRepo.plotNameTaken(tx, site.id, name))
        throw conflict(plotMessages.plotNameInUse)
      const id = await plotsRepo.freePlotId(tx, name, site.id)
      change.docId = id
      return plotsRepo.insertPlot(tx, { ...plotRules.blankPlot(id, site.id), name, ...fields })
    },
    input,
  )
}

export function updatePlot(
  { db, hooks }: Plots,
  viewer: Viewer,
  scope: SiteScope,
  id: string,
  input: UpdatePlot,
): Promise<Plot> {
  const change = plotChange('updatePlot', id, viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const current = await requirePlot(tx, scope, id, change)
      // Once a rent year has started, paid follows the ledger, not the form.
      const paid = (await anyOf(hooks.paidFollowsLedger, tx)) ? current.paid : input.paid
      return plotsRepo.updatePlot(tx, { ...current, ...input, paid })
    },
    input,
  )
}

/**
 * Who pays a joint plot's rent (issue 43): one of its tenants, chosen on the plot. Invoices made
 * from then on go to them; one already made stays as it was written.
 */
export function choosePayer(
  { db }: Plots,
  viewer: Viewer,
  scope: SiteScope,
  id: string,
  input: ChoosePayer,
) {
  const change = plotChange('choosePayer', id, viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const plot = await requirePlot(tx, scope, id, change)
      const personId = unlessRefused(plotRules.checkPayer(plot, input.personId))
      return plot.payer === personId ? plot : plotsRepo.choosePayer(tx, plot, personId)
    },
    input,
  )
}

// A tenant change is named after the person's side of it (addPlotToPerson), so it is logged
// against the person; the logged value holds both the plot and the person as saved, and the
// entry names the plot's site (issue 46).
// Both sides of a tenancy are read fresh inside the write transaction, and writers take turns,
// so two committee members adding the fourth and fifth tenant at once can never both succeed.
// Both must be within the scope; a new tenant may also be on no site yet (new, or a former
// member: decision 46).
export function tenancyChange<T extends Tenancy>(
  db: Db,
  viewer: Viewer,
  scope: SiteScope,
  methodName: 'addPlotToPerson' | 'removePlotFromPerson' | 'endTenancy',
  plotId: string,
  personId: string,
  apply: (tx: WriteTx, plot: Plot, found: PersonOnSites) => Promise<T>,
  input: object = {},
): Promise<T> {
  const change: LoggedChange = {
    methodName,
    eventCollection: 'people',
    docId: personId,
    userName: viewer.userName,
    alsoLocks: [recordKey('plots', plotId)],
  }
  const orUnplaced = methodName === 'addPlotToPerson'
  return loggedChange(
    db,
    change,
    async (tx) => {
      // Both read at once (one round trip on PostgreSQL); the plot's refusal comes first.
      const plotRead = requirePlot(tx, scope, plotId, change)
      const personRead = requirePersonInScope(tx, scope, personId, { orUnplaced })
      personRead.catch(() => undefined)
      const plot = await plotRead
      return apply(tx, plot, await personRead)
    },
    { plotId, personId, ...input },
  )
}

export function addPlotToPerson(
  { db, clock }: Plots,
  viewer: Viewer,
  scope: SiteScope,
  plotId: string,
  personId: string,
) {
  return tenancyChange(
    db,
    viewer,
    scope,
    'addPlotToPerson',
    plotId,
    personId,
    async (tx, plot, found) => {
      if (found.erasedOn) throw conflict(erasureMessages.erasedRecord)
      return plotsRepo.addTenant(tx, plot, found.person, clock.today(), { asRead: found })
    },
  )
}

/**
 * A tenant taken off the plot with no record of an end (the spec's removal: added by mistake);
 * the features above take part in the same write, told what the committee chose for the leaver's
 * invoice (`invoice`; none asked, it stands). A tenant who leaves is `endTenancy`'s.
 */
export function removePlotFromPerson(
  { db, clock, hooks }: Plots,
  viewer: Viewer,
  scope: SiteScope,
  plotId: string,
  personId: string,
  { invoice }: Leaving = {},
) {
  return tenancyChange(
    db,
    viewer,
    scope,
    'removePlotFromPerson',
    plotId,
    personId,
    async (tx, plot, found) => {
      const ended = await plotsRepo.endTenancy(tx, plot, found.person, { asRead: found })
      if (plot.tenants.includes(personId))
        await runEndingTenancy(hooks, tx, {
          plotId,
          personId,
          invoice,
          endedOn: clock.today(),
          userName: viewer.userName,
        })
      return ended
    },
  )
}

/** The features above taking part in a tenancy's end, in its write. */
export async function runEndingTenancy(hooks: Hooks, tx: WriteTx, ending: TenancyEnding) {
  for (const part of hooks.endingTenancy) await part(tx, ending)
}
