import { nicknameFor, personFromRow, plotFromRow, type RowValues } from '#shared/domain/import-rows'
import { MAX_TENANTS_PER_PLOT, comparePlotIds } from '#shared/domain/plots'
import { importMessages } from '#shared/messages/import'
import { peopleMessages } from '#shared/messages/people'
import { plotMessages } from '#shared/messages/plots'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { ImportKind, RefusedRow } from '#shared/schemas/spreadsheet-import'
import type { ReadTx } from '#server/core/db/write-transaction'
import { personIds } from '#server/features/people/sql'
import { plotNames, tenantCounts } from '#server/features/plots/sql'

// What an import would save, checked row by row against the records already kept and against
// the file's own earlier rows: every refusal with its row number, so that the committee can
// correct the whole file at once. Names are matched without regard to case, as the forms do.

export interface Tenancy {
  plotId: string
  personId: string
}

export interface ImportPlan {
  people: Person[]
  plots: Plot[]
  tenancies: Tenancy[]
  refused: RefusedRow[]
}

type Rows = ReadonlyArray<{ row: number; values: RowValues }>

const key = (name: string) => name.toLowerCase()

async function idsByKey(tx: ReadTx, table: 'people' | 'plots') {
  const ids = await (table === 'people' ? personIds(tx) : plotNames(tx))
  return new Map(ids.map((id) => [key(id), id]))
}

export function planImport(tx: ReadTx, kind: ImportKind, rows: Rows, today: string) {
  return kind === 'people' ? planPeople(tx, rows, today) : planPlots(tx, rows)
}

async function planPeople(tx: ReadTx, rows: Rows, today: string): Promise<ImportPlan> {
  const [taken, plots, counts] = await Promise.all([
    idsByKey(tx, 'people'),
    idsByKey(tx, 'plots'),
    tenantCounts(tx),
  ])
  const plan: ImportPlan = { people: [], plots: [], tenancies: [], refused: [] }
  for (const { row, values } of rows) {
    const refuse = (message: string) => plan.refused.push({ row, message })
    const read = personFromRow(values, today)
    if (!read.ok) {
      refuse(read.message)
      continue
    }
    const person = read.value
    const id = person.id || nicknameFor(person.firstName, person.lastName, (n) => taken.has(key(n)))
    if (taken.has(key(id))) {
      refuse(peopleMessages.nicknameInUse(id))
      continue
    }
    const plotIds = person.plots.map((name) => plots.get(key(name)))
    const unknown = person.plots.find((_, i) => plotIds[i] === undefined)
    if (unknown !== undefined) {
      refuse(importMessages.unknownPlot(unknown))
      continue
    }
    const held = plotIds as string[]
    if (held.some((plotId) => (counts.get(plotId) ?? 0) >= MAX_TENANTS_PER_PLOT)) {
      refuse(plotMessages.fourTenantsOnly)
      continue
    }
    taken.set(key(id), id)
    for (const plotId of held) {
      counts.set(plotId, (counts.get(plotId) ?? 0) + 1)
      plan.tenancies.push({ plotId, personId: id })
    }
    plan.people.push({ ...person, id, plots: held.sort(comparePlotIds) })
  }
  return plan
}

async function planPlots(tx: ReadTx, rows: Rows): Promise<ImportPlan> {
  const [taken, people] = await Promise.all([idsByKey(tx, 'plots'), idsByKey(tx, 'people')])
  const plan: ImportPlan = { people: [], plots: [], tenancies: [], refused: [] }
  for (const { row, values } of rows) {
    const refuse = (message: string) => plan.refused.push({ row, message })
    const read = plotFromRow(values)
    if (!read.ok) {
      refuse(read.message)
      continue
    }
    const plot = read.value
    if (taken.has(key(plot.id))) {
      refuse(plotMessages.plotNameInUse)
      continue
    }
    const tenants = plot.tenants.map((name) => people.get(key(name)))
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
    taken.set(key(plot.id), plot.id)
    for (const personId of tenantIds) plan.tenancies.push({ plotId: plot.id, personId })
    plan.plots.push({ ...plot, tenants: tenantIds, occupied: tenantIds.length > 0 })
  }
  return plan
}
