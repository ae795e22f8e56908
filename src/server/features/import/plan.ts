import {
  identityKeys,
  nicknameFor,
  personFromRow,
  plotFromRow,
  type RowValues,
} from '#shared/domain/import-rows'
import { addPlotToPerson } from '#shared/domain/people'
import { MAX_TENANTS_PER_PLOT, addTenant, comparePlotIds, isOccupied } from '#shared/domain/plots'
import { importMessages } from '#shared/messages/import'
import { peopleMessages } from '#shared/messages/people'
import { plotMessages } from '#shared/messages/plots'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type {
  ExistingChoice,
  FieldChange,
  ImportKind,
  NameCorrections,
  RefusedRow,
  RowAction,
} from '#shared/schemas/spreadsheet-import'
import type { ReadTx } from '#server/core/db/write-transaction'
import { personChanges, plotChanges } from '#server/features/import/preview'
import { listPeople } from '#server/features/people/sql'
import { listPlots } from '#server/features/plots/sql'

// What an import would save, checked row by row against the records already kept and against
// the file's own earlier rows: every refusal with its row number, so that the committee can
// correct the whole file at once; and every row's outcome (new, an update of a record kept with
// its changes, unchanged, skipped), so that the check shows all of it. Names are matched without
// regard to case, as the forms do.

export interface Tenancy {
  plotId: string
  personId: string
}

/** A record kept, as it is and as the import leaves it. */
export interface Update<T> {
  before: T
  after: T
}

export interface PlannedRow {
  row: number
  action: RowAction
  record: Person | Plot
  changes: FieldChange[]
  /** A person's row: whether the rent of their plots is paid, when the file says. */
  paid?: boolean
  split?: { firstName: string; lastName: string }
}

export interface ImportPlan {
  rows: PlannedRow[]
  people: Person[]
  plots: Plot[]
  updatedPeople: Array<Update<Person>>
  updatedPlots: Array<Update<Plot>>
  tenancies: Tenancy[]
  /** People in the file already recorded. */
  recognised: number
  refused: RefusedRow[]
}

export interface PlanOptions {
  kind: ImportKind
  existing: ExistingChoice
  names?: NameCorrections
}

type Rows = ReadonlyArray<{ row: number; values: RowValues }>

const key = (name: string) => name.toLowerCase()

const emptyPlan = (): ImportPlan => ({
  rows: [],
  people: [],
  plots: [],
  updatedPeople: [],
  updatedPlots: [],
  tenancies: [],
  recognised: 0,
  refused: [],
})

export function planImport(tx: ReadTx, options: PlanOptions, rows: Rows, today: string) {
  return options.kind === 'people'
    ? planPeople(tx, options, rows, today)
    : planPlots(tx, rows, today)
}

// The details a re-import may update on someone already recorded, where the row fills them in.
const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'address',
  'phoneNumber',
  'email',
  'altEmail',
] as const

async function planPeople(
  tx: ReadTx,
  { existing, names }: PlanOptions,
  rows: Rows,
  today: string,
): Promise<ImportPlan> {
  const [kept, plots] = await Promise.all([listPeople(tx), listPlots(tx)])
  const taken = new Map(kept.map((person) => [key(person.id), person.id]))
  const plotsByKey = new Map(plots.map((plot) => [key(plot.id), plot]))
  // Those kept, and the file's own earlier rows, by e-mail and by name and address.
  const keptBy = new Map<string, Person>()
  const rowBy = new Map<string, number>()
  for (const person of kept) {
    const { email, nameAndAddress } = identityKeys(person)
    if (email) keptBy.set(`email:${email}`, person)
    keptBy.set(`name:${nameAndAddress}`, person)
  }
  const touched = new Map<string, Update<Plot>>()
  const plan = emptyPlan()
  for (const { row, values } of rows) {
    const refuse = (message: string) => plan.refused.push({ row, message })
    const read = personFromRow(values, today, names?.[String(row)])
    if (!read.ok) {
      refuse(read.message)
      continue
    }
    const { person, paid, split } = read.value
    const { email, nameAndAddress } = identityKeys(person)
    const lookups = [...(email ? [`email:${email}`] : []), `name:${nameAndAddress}`]
    const earlier = lookups.map((k) => rowBy.get(k)).find((r) => r !== undefined)
    if (earlier !== undefined) {
      refuse(importMessages.sameAsRow(earlier))
      continue
    }
    for (const k of lookups) rowBy.set(k, row)
    const plotsNamed = person.plots.map((name) => plotsByKey.get(key(name)))
    const unknown = person.plots.find((_, i) => plotsNamed[i] === undefined)
    if (unknown !== undefined) {
      refuse(importMessages.unknownPlot(unknown))
      continue
    }
    const held = (plotsNamed as Plot[]).map((plot) => plot.id)
    const found = lookups.map((k) => keptBy.get(k)).find((p) => p !== undefined)
    if (found) {
      plan.recognised++
      if (existing === 'skip') {
        plan.rows.push({ row, action: 'skip', record: found, changes: [] })
        continue
      }
      const after = { ...found }
      for (const field of CONTACT_FIELDS) if (person[field]) after[field] = person[field]
      const changes = personChanges(found, after)
      if (changes.length) plan.updatedPeople.push({ before: found, after })
      // The rent of the plots they hold, as the row says.
      const paidChanged =
        paid !== undefined &&
        held
          .filter((id) => found.plots.includes(id))
          .map((id) => setPlotPaid(touched, plotsByKey.get(key(id))!, paid))
          .some(Boolean)
      const action = changes.length || paidChanged ? 'update' : 'unchanged'
      plan.rows.push({ row, action, record: after, changes, ...(split ? { split } : {}) })
      continue
    }
    const id = person.id || nicknameFor(person.firstName, person.lastName, (n) => taken.has(key(n)))
    if (taken.has(key(id))) {
      refuse(peopleMessages.nicknameInUse(id))
      continue
    }
    // Every plot of the row takes the tenant, or none does.
    const withTenant = held.map((plotId) => {
      const current = touched.get(plotId)?.after ?? plotsByKey.get(key(plotId))!
      return addTenant(current, id)
    })
    const full = withTenant.find((outcome) => !outcome.ok)
    if (full && !full.ok) {
      refuse(full.message)
      continue
    }
    taken.set(key(id), id)
    for (const outcome of withTenant) {
      if (!outcome.ok) continue
      const plot = paid === undefined ? outcome.value : { ...outcome.value, paid }
      const before = touched.get(plot.id)?.before ?? plotsByKey.get(key(plot.id))!
      touched.set(plot.id, { before, after: plot })
      plan.tenancies.push({ plotId: plot.id, personId: id })
    }
    const made = { ...person, id, plots: held.sort(comparePlotIds) }
    plan.people.push(made)
    plan.rows.push({
      row,
      action: 'new',
      record: made,
      changes: [],
      ...(paid === undefined ? {} : { paid }),
      ...(split ? { split } : {}),
    })
  }
  plan.updatedPlots = [...touched.values()]
  return plan
}

// A plot's paid flag as a person's row says; whether it changes.
function setPlotPaid(touched: Map<string, Update<Plot>>, plot: Plot, paid: boolean): boolean {
  const current = touched.get(plot.id) ?? { before: plot, after: plot }
  if (current.after.paid === paid) return false
  touched.set(plot.id, { before: current.before, after: { ...current.after, paid } })
  return true
}

async function planPlots(tx: ReadTx, rows: Rows, today: string): Promise<ImportPlan> {
  const [kept, people] = await Promise.all([listPlots(tx), listPeople(tx)])
  const plotsByKey = new Map(kept.map((plot) => [key(plot.id), plot]))
  const peopleByKey = new Map(people.map((person) => [key(person.id), person]))
  const inFile = new Set<string>()
  const holders = new Map<string, Update<Person>>()
  const plan = emptyPlan()
  for (const { row, values } of rows) {
    const refuse = (message: string) => plan.refused.push({ row, message })
    const recorded = values.id ? plotsByKey.get(key(values.id)) : undefined
    if (values.id && inFile.has(key(values.id))) {
      refuse(plotMessages.plotNameInUse)
      continue
    }
    const read = plotFromRow(values, recorded)
    if (!read.ok) {
      refuse(read.message)
      continue
    }
    const plot = read.value
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
    inFile.add(key(plot.id))
    const after = { ...plot, tenants: tenantIds, occupied: isOccupied(tenantIds) }
    for (const personId of tenantIds) {
      if (recorded?.tenants.includes(personId)) continue
      plan.tenancies.push({ plotId: plot.id, personId })
      const person = holders.get(personId)?.after ?? peopleByKey.get(key(personId))!
      const before = holders.get(personId)?.before ?? person
      holders.set(personId, { before, after: addPlotToPerson(person, plot.id, today) })
    }
    if (!recorded) {
      plan.plots.push(after)
      plan.rows.push({ row, action: 'new', record: after, changes: [] })
      continue
    }
    const changes = plotChanges(recorded, after)
    if (changes.length) plan.updatedPlots.push({ before: recorded, after })
    plan.rows.push({ row, action: changes.length ? 'update' : 'unchanged', record: after, changes })
  }
  plan.updatedPeople = [...holders.values()]
  return plan
}
