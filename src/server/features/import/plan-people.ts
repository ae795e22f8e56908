import {
  identityKeys,
  listOf,
  nicknameFor,
  peopleFromRow,
  plotFromRow,
  type RowValues,
} from '#shared/domain/import-rows'
import { ok } from '#shared/domain/outcome'
import { addTenant, comparePlotIds } from '#shared/domain/plots'
import { importMessages } from '#shared/messages/import'
import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { ReadTx } from '#server/core/db/write-transaction'
import { EVERY_SITE } from '#server/core/site-scope'
import {
  emptyPlan,
  key,
  onSite,
  plotsOfSites,
  type ImportPlan,
  type PlanOptions,
  type Rows,
  type Update,
} from '#server/features/import/plan'
import { personChanges } from '#server/features/import/preview'
import { listPeople } from '#server/features/people/sql'

// A people file planned (plan.ts): each person of each row new, recognised, or refused; the
// plots their rows name taken on the rows' sites, and their places on the sites' lists.

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

/** The earlier row that named someone: the sites its rows gave them, and their record. */
interface Named {
  row: number
  sites: Set<number>
  /** The record the file makes of them. */
  made?: Person
  /** Their record kept, as the import leaves it. */
  found?: Person
}

export async function planPeople(
  tx: ReadTx,
  { existing, names }: PlanOptions,
  rows: Rows,
  today: string,
): Promise<ImportPlan> {
  const [kept, site] = await Promise.all([listPeople(tx, EVERY_SITE), plotsOfSites(tx, rows)])
  const taken = new Map(kept.map((person) => [key(person.id), person.id]))
  const numbered = new Map<string, number>()
  const plotsByKey = site.byName
  // Those kept, and the file's own earlier rows, by e-mail and by name and address.
  const keptBy = new Map<string, Person>()
  const named = new Map<string, Named>()
  for (const person of kept) {
    const { email, nameAndAddress } = identityKeys(person)
    if (email) keptBy.set(`email:${email}`, person)
    keptBy.set(`name:${nameAndAddress}`, person)
  }
  // Plots recorded that the import changes, and plots it makes, as the rows so far leave them.
  const touched = new Map<string, Update<Plot>>()
  const made = new Map<string, Plot>()
  const plotNow = (siteId: number, name: string) =>
    made.get(onSite(siteId, name)) ??
    touched.get(onSite(siteId, name))?.after ??
    plotsByKey.get(onSite(siteId, name))
  const plan = emptyPlan()

  // Every plot a row names on its site takes the tenant, or none does; a plot not recorded is
  // made there. The plots as they then are, or why not.
  const withTenant = (siteId: number, plotNames: readonly string[], id: string) => {
    const plots: Plot[] = []
    for (const name of plotNames) {
      const current = plotNow(siteId, name)
      const plot = current ? ok(current) : plotFromRow({ id: name })
      const held = plot.ok ? addTenant(current ?? site.place(plot.value, siteId), id) : plot
      if (!held.ok) return held
      plots.push(held.value)
    }
    return ok(plots)
  }
  // The plots taken, paid as the row says; their keys.
  const hold = (plots: readonly Plot[], id: string, paid: boolean | undefined) =>
    plots.map((taking) => {
      const plot = paid === undefined ? taking : { ...taking, paid }
      const at = onSite(plot.siteId, plot.name)
      const recorded = plotsByKey.get(at)
      if (recorded) touched.set(at, { before: touched.get(at)?.before ?? recorded, after: plot })
      else made.set(at, plot)
      plan.tenancies.push({ plotId: plot.id, siteId: plot.siteId, personId: id })
      return plot.id
    })
  // Someone recorded keeps their plots: a row of theirs names only plots recorded on its site.
  const unknownPlot = (person: Person, siteId: number) =>
    person.plots.find((name) => !plotsByKey.has(onSite(siteId, name)))
  // The rent of the plots they hold, as the row says; whether it changes.
  const setPaid = (found: Person, person: Person, siteId: number, paid: boolean | undefined) =>
    paid !== undefined &&
    person.plots
      .map((name) => plotsByKey.get(onSite(siteId, name))!)
      .filter((plot) => found.plots.includes(plot.id))
      .map((plot) => setPlotPaid(touched, plot, paid))
      .some(Boolean)

  for (const { row, values, siteId, shown: siteName } of rows) {
    // A register lists its vacant plots too: a plot with no one named is made, empty, if new.
    if (isVacantPlotRow(values)) {
      for (const name of listOf(values.plots)) {
        if (plotNow(siteId, name)) continue
        const plot = plotFromRow({ id: name })
        if (plot.ok) made.set(onSite(siteId, name), site.place(plot.value, siteId))
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
    const shown = {
      split,
      ...(written ? { written } : {}),
      ...(siteName ? { site: siteName } : {}),
    }
    for (const outcome of people) {
      if (!outcome.ok) {
        refuse(outcome.message)
        continue
      }
      const person = outcome.value
      const { email, nameAndAddress } = identityKeys(person)
      const lookups = [...(email ? [`email:${email}`] : []), `name:${nameAndAddress}`]
      const earlier = lookups.map((k) => named.get(k)).find((n) => n !== undefined)
      // Named again on a row of another site: their plots there, and a place on its list.
      if (earlier && !earlier.sites.has(siteId) && (earlier.made || earlier.found)) {
        earlier.sites.add(siteId)
        if (earlier.found) {
          const unknown = unknownPlot(person, siteId)
          if (unknown !== undefined) {
            refuse(importMessages.unknownPlot(unknown))
            continue
          }
          const action =
            existing === 'skip'
              ? 'skip'
              : setPaid(earlier.found, person, siteId, paid)
                ? 'update'
                : 'unchanged'
          plan.rows.push({ row, action, record: earlier.found, changes: [], ...shown })
          continue
        }
        const record = earlier.made!
        const plots = withTenant(siteId, person.plots, record.id)
        if (!plots.ok) {
          refuse(plots.message)
          continue
        }
        record.plots = [...record.plots, ...hold(plots.value, record.id, paid)].sort(comparePlotIds)
        record.isPlotHolder ||= record.plots.length > 0
        if (person.onWaitingList) {
          if (!record.onWaitingList)
            Object.assign(record, {
              onWaitingList: true,
              joinedWaitingList: person.joinedWaitingList,
            })
          plan.places.push({
            personId: record.id,
            siteId,
            joinedWaitingList: person.joinedWaitingList,
          })
        }
        plan.rows.push({ row, action: 'new', record, changes: [], ...shown })
        continue
      }
      if (earlier) {
        refuse(importMessages.sameAsRow(earlier.row))
        continue
      }
      const entry: Named = { row, sites: new Set([siteId]) }
      for (const k of lookups) named.set(k, entry)
      const found = lookups.map((k) => keptBy.get(k)).find((p) => p !== undefined)
      if (found) {
        const unknown = unknownPlot(person, siteId)
        if (unknown !== undefined) {
          refuse(importMessages.unknownPlot(unknown))
          continue
        }
        plan.recognised++
        if (existing === 'skip') {
          entry.found = found
          plan.rows.push({ row, action: 'skip', record: found, changes: [], ...shown })
          continue
        }
        const after = { ...found }
        for (const field of CONTACT_FIELDS) if (person[field]) after[field] = person[field]
        entry.found = after
        const changes = personChanges(found, after)
        if (changes.length) plan.updatedPeople.push({ before: found, after })
        const paidChanged = setPaid(found, person, siteId, paid)
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
      const plots = withTenant(siteId, person.plots, id)
      if (!plots.ok) {
        refuse(plots.message)
        continue
      }
      taken.set(key(id), id)
      const record = { ...person, id, plots: hold(plots.value, id, paid).sort(comparePlotIds) }
      plan.people.push(record)
      if (record.onWaitingList)
        plan.places.push({ personId: id, siteId, joinedWaitingList: record.joinedWaitingList })
      entry.made = record
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
  const at = onSite(plot.siteId, plot.name)
  const current = touched.get(at) ?? { before: plot, after: plot }
  if (current.after.paid === paid) return false
  touched.set(at, { before: current.before, after: { ...current.after, paid } })
  return true
}
