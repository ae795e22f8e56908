import { plotFromRow } from '#shared/domain/import-rows'
import { addPlotToPerson } from '#shared/domain/people'
import { MAX_TENANTS_PER_PLOT, isOccupied } from '#shared/domain/plots'
import { peopleMessages } from '#shared/messages/people'
import { plotMessages } from '#shared/messages/plots'
import type { Person } from '#shared/schemas/person'
import type { ReadTx } from '#server/core/db/write-transaction'
import { EVERY_SITE } from '#server/core/site-scope'
import {
  emptyPlan,
  key,
  onSite,
  plotsOfSites,
  type ImportPlan,
  type Rows,
  type Update,
} from '#server/features/import/plan'
import { plotChanges } from '#server/features/import/preview'
import { listPeople } from '#server/features/people/sql'

// A plots file planned (plan.ts): each row's plot matched on its site, or made there, with the
// tenants it names (who must be recorded).

export async function planPlots(tx: ReadTx, rows: Rows, today: string): Promise<ImportPlan> {
  const [site, people] = await Promise.all([plotsOfSites(tx, rows), listPeople(tx, EVERY_SITE)])
  const plotsByKey = site.byName
  const peopleByKey = new Map(people.map((person) => [key(person.id), person]))
  const inFile = new Set<string>()
  const holders = new Map<string, Update<Person>>()
  const plan = emptyPlan()
  for (const { row, values, siteId, shown } of rows) {
    const refuse = (message: string) => plan.refused.push({ row, message })
    const recorded = values.id ? plotsByKey.get(onSite(siteId, values.id)) : undefined
    if (values.id && inFile.has(onSite(siteId, values.id))) {
      refuse(plotMessages.plotNameInUse)
      continue
    }
    const read = plotFromRow(values, recorded)
    if (!read.ok) {
      refuse(read.message)
      continue
    }
    const plot = recorded ? read.value : site.place(read.value, siteId)
    const tenants = plot.tenants.map((name) => peopleByKey.get(key(name))?.id)
    const unknown = plot.tenants.find((_, i) => tenants[i] === undefined)
    if (unknown !== undefined) {
      refuse(peopleMessages.personMissing(unknown))
      continue
    }
    const tenantIds = [...new Set(tenants as string[])].sort()
    if (tenantIds.length > MAX_TENANTS_PER_PLOT) {
      refuse(plotMessages.fourTenantsOnly)
      continue
    }
    inFile.add(onSite(siteId, plot.name))
    const after = { ...plot, tenants: tenantIds, occupied: isOccupied(tenantIds) }
    for (const personId of tenantIds) {
      if (recorded?.tenants.includes(personId)) continue
      plan.tenancies.push({ plotId: plot.id, siteId: plot.siteId, personId })
      const person = holders.get(personId)?.after ?? peopleByKey.get(key(personId))!
      const before = holders.get(personId)?.before ?? person
      holders.set(personId, { before, after: addPlotToPerson(person, plot.id, today) })
    }
    const sited = shown ? { site: shown } : {}
    if (!recorded) {
      plan.plots.push(after)
      plan.rows.push({ row, action: 'new', record: after, changes: [], ...sited })
      continue
    }
    const changes = plotChanges(recorded, after)
    if (changes.length) plan.updatedPlots.push({ before: recorded, after })
    const action = changes.length ? 'update' : 'unchanged'
    plan.rows.push({ row, action, record: after, changes, ...sited })
  }
  plan.updatedPeople = [...holders.values()]
  return plan
}
