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
import { anyOf, type Hooks } from '#server/core/hooks'
import { loggedChange, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { Leaving } from '#shared/schemas/leaving'
import type { Person } from '#shared/schemas/person'
import { erasedOn, firstNames, requirePerson, tenantNames } from '#server/features/people/sql'
import * as plotsRepo from '#server/features/plots/sql'
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
  const names = await firstNames(db.kysely, others)
  return plots.map(({ id, description, area, tenants }) => ({
    id,
    description,
    area,
    coTenants: tenants.filter((other) => other !== personId).map((other) => names.get(other) ?? ''),
  }))
}

function plotChange(methodName: string, id: string, viewer: Viewer) {
  return { methodName, eventCollection: 'plots', docId: id, userName: viewer.userName }
}

export async function requirePlot(tx: ReadTx, id: string): Promise<Plot> {
  const plot = await plotsRepo.findPlot(tx, id)
  if (!plot) throw notFound(plotMessages.plotMissing(id))
  return plot
}

export function listPlots({ db }: Plots): Promise<Plot[]> {
  return plotsRepo.listPlots(db.kysely)
}

/** Every tenant's first and last names, by nickname. */
export function listTenantNames({ db }: Plots): Promise<TenantName[]> {
  return tenantNames(db.kysely)
}

export function getPlot({ db }: Plots, id: string): Promise<Plot> {
  return requirePlot(db.kysely, id)
}

export function createPlot({ db }: Plots, viewer: Viewer, input: NewPlot): Promise<Plot> {
  return loggedChange(
    db,
    plotChange('createPlot', input.id, viewer),
    async (tx) => {
      if (await plotsRepo.plotNameTaken(tx, input.id)) throw conflict(plotMessages.plotNameInUse)
      const { id, ...fields } = input
      return plotsRepo.insertPlot(tx, { ...plotRules.blankPlot(id), ...fields })
    },
    input,
  )
}

export function updatePlot(
  { db, hooks }: Plots,
  viewer: Viewer,
  id: string,
  input: UpdatePlot,
): Promise<Plot> {
  return loggedChange(
    db,
    plotChange('updatePlot', id, viewer),
    async (tx) => {
      const current = await requirePlot(tx, id)
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
export function choosePayer({ db }: Plots, viewer: Viewer, id: string, input: ChoosePayer) {
  return loggedChange(
    db,
    plotChange('choosePayer', id, viewer),
    async (tx) => {
      const plot = await requirePlot(tx, id)
      const personId = unlessRefused(plotRules.checkPayer(plot, input.personId))
      return plot.payer === personId ? plot : plotsRepo.choosePayer(tx, plot, personId)
    },
    input,
  )
}

// A tenant change is named after the person's side of it (addPlotToPerson), so it is logged
// against the person; the logged value holds both the plot and the person as saved.
// Both sides of a tenancy are read fresh inside the write transaction, and writers take turns,
// so two committee members adding the fourth and fifth tenant at once can never both succeed.
function tenancyChange(
  db: Db,
  viewer: Viewer,
  methodName: 'addPlotToPerson' | 'removePlotFromPerson',
  plotId: string,
  personId: string,
  apply: (tx: WriteTx, plot: Plot, person: Person) => Promise<Tenancy>,
): Promise<Tenancy> {
  return loggedChange(
    db,
    {
      methodName,
      eventCollection: 'people',
      docId: personId,
      userName: viewer.userName,
      alsoLocks: [recordKey('plots', plotId)],
    },
    async (tx) => apply(tx, await requirePlot(tx, plotId), await requirePerson(tx, personId)),
    { plotId, personId },
  )
}

export function addPlotToPerson(
  { db, clock }: Plots,
  viewer: Viewer,
  plotId: string,
  personId: string,
) {
  return tenancyChange(
    db,
    viewer,
    'addPlotToPerson',
    plotId,
    personId,
    async (tx, plot, person) => {
      if (await erasedOn(tx, person.id)) throw conflict(erasureMessages.erasedRecord)
      return plotsRepo.addTenant(tx, plot, person, clock.today())
    },
  )
}

/**
 * A tenant leaves the plot; the features above take part in the same write, told what the
 * committee chose for the leaver's invoice (`invoice`; none asked, it stands).
 */
export function removePlotFromPerson(
  { db, hooks }: Plots,
  viewer: Viewer,
  plotId: string,
  personId: string,
  { invoice }: Leaving = {},
) {
  return tenancyChange(
    db,
    viewer,
    'removePlotFromPerson',
    plotId,
    personId,
    async (tx, plot, person) => {
      const ended = await plotsRepo.endTenancy(tx, plot, person)
      if (plot.tenants.includes(personId))
        for (const part of hooks.endingTenancy)
          await part(tx, { plotId, personId, invoice, userName: viewer.userName })
      return ended
    },
  )
}
