import {
  identityKeys,
  listOf,
  nicknameFor,
  peopleFromRow,
  plotFromRow,
  type RowValues,
} from '#shared/domain/import-rows'
import type { Outcome } from '#shared/domain/outcome'
import type { WrittenName } from '#shared/domain/person-names'
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
  ReadNameCorrections,
  RefusedRow,
  RowAction,
} from '#shared/schemas/spreadsheet-import'
import type { ReadTx } from '#server/core/db/write-transaction'
import { personChanges, plotChanges } from '#server/features/import/preview'
import { listPeople } from '#server/features/people/sql'
import { listPlots, plotIdsOf } from '#server/features/plots/sql'
import { plotIdCandidates } from '#shared/domain/sites'
import { EVERY_SITE } from '#server/core/site-scope'

// What an import would save, checked row by row against the records already kept and against
// the file's own earlier rows: every refusal with its row number, so that the committee can
// correct the whole file at once; and every record's outcome (new, an update of a record kept
// with its changes, unchanged, skipped), so that the check shows all of it. A row of people may
// name several ("Shah, Priya & Arjun"): each is a record of their own, sharing the row's plots.
// Names are matched without regard to case, as the forms do.

export interface Tenancy {
  plotId: string
  siteId: number
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
  /** A person's row: everyone its name was read as, for correcting. */
  split?: WrittenName[]
  /** The name as the file writes it, when it names more than one person. */
  written?: string
}

export interface ImportPlan {
  rows: PlannedRow[]
  people: Person[]
  /** New plots: a plots file's, or those a people file names that are not recorded. */
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
  names?: ReadNameCorrections
  /** The site the file is of: its plots are matched by name there, new ones made there. */
  siteId: number
}

type Rows = ReadonlyArray<{ row: number; values: RowValues }>

const key = (name: string) => name.toLowerCase()

/**
 * The file's site's plots by name, and how a new plot is placed there: on the site, under the
 * first key (decision 43) that no plot holds, nor one the import made before it.
 */
async function siteOfFile(tx: ReadTx, siteId: number) {
  const [plots, ids] = await Promise.all([
    listPlots(tx, { sites: [siteId] }),
    plotIdsOf(tx, EVERY_SITE),
  ])
  const held = new Set(ids.map(key))
  const place = (plot: Plot): Plot => {
    for (const id of plotIdCandidates(plot.name, siteId)) {
      if (held.has(key(id))) continue
      held.add(key(id))
      return { ...plot, id, siteId }
    }
    throw new Error('unreachable')
  }
  return { byName: new Map(plots.map((plot) => [key(plot.name), plot])), place }
}

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
    : planPlots(tx, options, rows, today)
}

// The details a re-import may update on someone already recorded, where the row fills them in.
const CONTACT_FIELDS = [
  'title',
  'firstName',
  'lastName',
  'address',
  'phoneNumber',
  'email',
  'altEmail',
  'notes',
] as const

async function planPeople(
  tx: ReadTx,
  { existing, names, siteId }: PlanOptions,
  rows: Rows,
  today: string,
): Promise<ImportPlan> {
  const [kept, site] = await Promise.all([listPeople(tx, EVERY_SITE), siteOfFile(tx, siteId)])
  const taken = new Map(kept.map((person) => [key(person.id), person.id]))
  const numbered = new Map<string, number>()
  const plotsByKey = site.byName
  // Those kept, and the file's own earlier rows, by e-mail and by name and address.
  const keptBy = new Map<string, Person>()
  const rowBy = new Map<string, number>()
  for (const person of kept) {
    const { email, nameAndAddress } = identityKeys(person)
    if (email) keptBy.set(`email:${email}`, person)
    keptBy.set(`name:${nameAndAddress}`, person)
  }
  // Plots recorded that the import changes, and plots it makes, as the rows so far leave them.
  const touched = new Map<string, Update<Plot>>()
  const made = new Map<string, Plot>()
  const plotNow = (name: string) =>
    made.get(key(name)) ?? touched.get(key(name))?.after ?? plotsByKey.get(key(name))
  const plan = emptyPlan()
  for (const { row, values } of rows) {
    // A register lists its vacant plots too: a plot with no one named is made, empty, if new.
    if (isVacantPlotRow(values)) {
      for (const name of listOf(values.plots)) {
        if (plotNow(name)) continue
        const plot = plotFromRow({ id: name })
        if (plot.ok) made.set(key(name), site.place(plot.value))
        else plan.refused.push({ row, message: plot.message })
      }
      continue
    }
    const read = peopleFromRow(values, today, names?.[String(row)])
    if (!read.ok) {
      plan.refused.push({ row, message: read.message })
      continue
    }
    const { people, paid, split } = read.value
    const refuse = (message: string) => plan.refused.push({ row, message, split })
    const written =
      split.length > 1
        ? values.fullName || [values.firstName, values.lastName].filter(Boolean).join(' ')
        : undefined
    const shown = { split, ...(written ? { written } : {}) }
    for (const outcome of people) {
      if (!outcome.ok) {
        refuse(outcome.message)
        continue
      }
      const person = outcome.value
      const { email, nameAndAddress } = identityKeys(person)
      const lookups = [...(email ? [`email:${email}`] : []), `name:${nameAndAddress}`]
      const earlier = lookups.map((k) => rowBy.get(k)).find((r) => r !== undefined)
      if (earlier !== undefined) {
        refuse(importMessages.sameAsRow(earlier))
        continue
      }
      for (const k of lookups) rowBy.set(k, row)
      const found = lookups.map((k) => keptBy.get(k)).find((p) => p !== undefined)
      if (found) {
        // Someone recorded keeps their plots: the row names only plots that are recorded.
        const unknown = person.plots.find((name) => !plotsByKey.has(key(name)))
        if (unknown !== undefined) {
          refuse(importMessages.unknownPlot(unknown))
          continue
        }
        plan.recognised++
        if (existing === 'skip') {
          plan.rows.push({ row, action: 'skip', record: found, changes: [], ...shown })
          continue
        }
        const after = { ...found }
        for (const field of CONTACT_FIELDS) if (person[field]) after[field] = person[field]
        const changes = personChanges(found, after)
        if (changes.length) plan.updatedPeople.push({ before: found, after })
        // The rent of the plots they hold, as the row says.
        const paidChanged =
          paid !== undefined &&
          person.plots
            .map((name) => plotsByKey.get(key(name))!)
            .filter((plot) => found.plots.includes(plot.id))
            .map((plot) => setPlotPaid(touched, plot, paid))
            .some(Boolean)
        const action = changes.length || paidChanged ? 'update' : 'unchanged'
        plan.rows.push({ row, action, record: after, changes, ...shown })
        continue
      }
      const id =
        person.id ||
        nicknameFor(person.firstName, person.lastName, (n) => taken.has(key(n)), numbered)
      if (taken.has(key(id))) {
        refuse(peopleMessages.nicknameInUse(id))
        continue
      }
      // Every plot of the row takes the tenant, or none does; a plot not recorded is made.
      const withTenant = person.plots.map((name): Outcome<Plot> => {
        const current = plotNow(name)
        if (current) return addTenant(current, id)
        const plot = plotFromRow({ id: name })
        return plot.ok ? addTenant(site.place(plot.value), id) : plot
      })
      const refused = withTenant.find((outcome) => !outcome.ok)
      if (refused && !refused.ok) {
        refuse(refused.message)
        continue
      }
      taken.set(key(id), id)
      for (const outcome of withTenant) {
        if (!outcome.ok) continue
        const plot = paid === undefined ? outcome.value : { ...outcome.value, paid }
        const recorded = plotsByKey.get(key(plot.name))
        if (recorded)
          touched.set(key(plot.name), {
            before: touched.get(key(plot.name))?.before ?? recorded,
            after: plot,
          })
        else made.set(key(plot.name), plot)
        plan.tenancies.push({ plotId: plot.id, siteId: plot.siteId, personId: id })
      }
      const held = withTenant.flatMap((outcome) => (outcome.ok ? [outcome.value.id] : []))
      const record = { ...person, id, plots: held.sort(comparePlotIds) }
      plan.people.push(record)
      plan.rows.push({
        row,
        action: 'new',
        record,
        changes: [],
        ...(paid === undefined ? {} : { paid }),
        ...shown,
      })
    }
  }
  plan.plots = [...made.values()]
  plan.updatedPlots = [...touched.values()]
  return plan
}

// A row naming plots and no one (every name cell blank): the register's line for a vacant plot.
const isVacantPlotRow = (values: RowValues) =>
  listOf(values.plots).length > 0 &&
  ![values.fullName, values.firstName, values.lastName, values.id].some((cell) => cell?.trim())

// A plot's paid flag as a person's row says; whether it changes.
function setPlotPaid(touched: Map<string, Update<Plot>>, plot: Plot, paid: boolean): boolean {
  const current = touched.get(key(plot.name)) ?? { before: plot, after: plot }
  if (current.after.paid === paid) return false
  touched.set(key(plot.name), { before: current.before, after: { ...current.after, paid } })
  return true
}

async function planPlots(
  tx: ReadTx,
  { siteId }: PlanOptions,
  rows: Rows,
  today: string,
): Promise<ImportPlan> {
  const [site, people] = await Promise.all([siteOfFile(tx, siteId), listPeople(tx, EVERY_SITE)])
  const plotsByKey = site.byName
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
    const plot = recorded ? read.value : site.place(read.value)
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
    inFile.add(key(plot.name))
    const after = { ...plot, tenants: tenantIds, occupied: isOccupied(tenantIds) }
    for (const personId of tenantIds) {
      if (recorded?.tenants.includes(personId)) continue
      plan.tenancies.push({ plotId: plot.id, siteId: plot.siteId, personId })
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
