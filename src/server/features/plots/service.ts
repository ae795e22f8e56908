import * as peopleRules from '#shared/domain/people'
import * as plotRules from '#shared/domain/plots'
import { toIsoDate } from '#shared/domain/text'
import { messages } from '#shared/messages'
import type { Person } from '#shared/schemas/person'
import type { NewPlot, Plot, UpdatePlot } from '#shared/schemas/plot'
import type { Db } from '#server/core/db/database'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { conflict, notFound, unlessRefused } from '#server/core/errors'
import type { Viewer } from '#server/core/viewer'
import * as peopleRepo from '#server/features/people/sql'
import * as plotsRepo from '#server/features/plots/sql'
import { loggedChange, recordKey } from '#server/core/logged-change'
import { requirePerson } from '#server/features/people/sql'
import { currentYear } from '#server/features/rent/sql'

const today = () => toIsoDate(new Date())

export interface Tenancy {
  plot: Plot
  person: Person
}

function plotChange(methodName: string, id: string, viewer: Viewer) {
  return { methodName, eventCollection: 'plots', docId: id, userName: viewer.userName }
}

export async function requirePlot(tx: ReadTx, id: string): Promise<Plot> {
  const plot = await plotsRepo.findPlot(tx, id)
  if (!plot) throw notFound(messages.plotMissing(id))
  return plot
}

export function listPlots(db: Db): Promise<Plot[]> {
  return plotsRepo.listPlots(db.kysely)
}

export function getPlot(db: Db, id: string): Promise<Plot> {
  return requirePlot(db.kysely, id)
}

export function createPlot(db: Db, viewer: Viewer, input: NewPlot): Promise<Plot> {
  return loggedChange(
    db,
    plotChange('createPlot', input.id, viewer),
    async (tx) => {
      if (await plotsRepo.plotNameTaken(tx, input.id)) throw conflict(messages.plotNameInUse)
      const { id, ...fields } = input
      // blankPlot is occupied even without tenants (spec section 3); a saved plot's occupied
      // always follows its tenants, and a new plot has none.
      const plot = { ...plotRules.blankPlot(id), ...fields, occupied: false }
      return plotsRepo.insertPlot(tx, plot)
    },
    input,
  )
}

export function updatePlot(db: Db, viewer: Viewer, id: string, input: UpdatePlot): Promise<Plot> {
  return loggedChange(
    db,
    plotChange('updatePlot', id, viewer),
    async (tx) => {
      const current = await requirePlot(tx, id)
      const { version, ...fields } = input
      if (current.version !== version) throw conflict(messages.staleVersion)
      // Once a rent year has started, paid follows the ledger, not the form.
      const paid = (await currentYear(tx)) ? current.paid : fields.paid
      return plotsRepo.updatePlot(tx, { ...current, ...fields, paid })
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

export function addPlotToPerson(db: Db, viewer: Viewer, plotId: string, personId: string) {
  return tenancyChange(
    db,
    viewer,
    'addPlotToPerson',
    plotId,
    personId,
    async (tx, plot, person) => {
      if (plot.tenants.includes(personId)) return { plot, person }
      const withTenant = unlessRefused(plotRules.addTenant(plot, personId))
      await plotsRepo.addTenancy(tx, plotId, personId)
      return {
        plot: await plotsRepo.updatePlot(tx, withTenant),
        person: await peopleRepo.updatePerson(
          tx,
          peopleRules.addPlotToPerson(person, plotId, today()),
        ),
      }
    },
  )
}

export function removePlotFromPerson(db: Db, viewer: Viewer, plotId: string, personId: string) {
  return tenancyChange(
    db,
    viewer,
    'removePlotFromPerson',
    plotId,
    personId,
    async (tx, plot, person) => {
      if (!plot.tenants.includes(personId)) return { plot, person }
      await plotsRepo.removeTenancy(tx, plotId, personId)
      return {
        plot: await plotsRepo.updatePlot(tx, plotRules.removeTenant(plot, personId)),
        person: await peopleRepo.updatePerson(tx, peopleRules.removePlotFromPerson(person, plotId)),
      }
    },
  )
}
