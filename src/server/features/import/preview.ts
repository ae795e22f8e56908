import { shortDate } from '#shared/domain/dates'
import { feePence, penceText } from '#shared/domain/money'
import { importMessages } from '#shared/messages/import'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import {
  IMPORT_FIELDS,
  type FieldChange,
  type ImportCounts,
  type ImportKind,
  type PreviewRow,
} from '#shared/schemas/spreadsheet-import'
import type { ImportPlan, PlannedRow } from '#server/features/import/plan'

// The check's words for records: each under our fields' labels, as it will be saved (dates as a
// table writes them), and the fields of a record already kept that the import would change, each
// as a person reads it.

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No')
const labelOf = (kind: ImportKind, key: string) =>
  IMPORT_FIELDS[kind].find((field) => field.key === key)!.label

type Shown<T> = Partial<Record<keyof T & string, (record: T) => string>>

const PERSON: Shown<Person> = {
  id: (p) => p.id,
  title: (p) => p.title,
  firstName: (p) => p.firstName,
  lastName: (p) => p.lastName,
  dateJoined: (p) => shortDate(p.dateJoined),
  joinedWaitingList: (p) => shortDate(p.joinedWaitingList),
  address: (p) => p.address,
  phoneNumber: (p) => p.phoneNumber,
  email: (p) => p.email,
  altEmail: (p) => p.altEmail,
  onWaitingList: (p) => yesNo(p.onWaitingList),
  plots: (p) => p.plots.join(', '),
  notes: (p) => p.notes,
}

const PLOT: Shown<Plot> = {
  id: (p) => p.id,
  description: (p) => p.description,
  area: (p) => String(p.area),
  distance: (p) => String(p.distance),
  gradient: (p) => p.gradient,
  fee: (p) => penceText(feePence(p.fee)),
  paid: (p) => yesNo(p.paid),
  tenants: (p) => p.tenants.join(', '),
}

function shown<T>(kind: ImportKind, fields: Shown<T>, record: T): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, show]) => [
      labelOf(kind, key),
      (show as (r: T) => string)(record),
    ]),
  )
}

function changed<T>(kind: ImportKind, fields: Shown<T>, before: T, after: T): FieldChange[] {
  return Object.entries(fields).flatMap(([key, show]) => {
    const [old, value] = [before, after].map(show as (r: T) => string) as [string, string]
    return old === value ? [] : [{ field: labelOf(kind, key), old, new: value }]
  })
}

export const personChanges = (before: Person, after: Person) =>
  changed('people', PERSON, before, after)
export const plotChanges = (before: Plot, after: Plot) => changed('plots', PLOT, before, after)

function previewRow(kind: ImportKind, planned: PlannedRow, made: Set<string>): PreviewRow {
  const values =
    kind === 'people'
      ? shown('people', PERSON, planned.record as Person)
      : shown('plots', PLOT, planned.record as Plot)
  if (kind === 'people') {
    const plots = (planned.record as Person).plots
    values[labelOf('people', 'plots')] = plots
      .map((id) => (made.has(id) ? importMessages.newPlot(id) : id))
      .join(', ')
  }
  if (planned.paid !== undefined) values[labelOf('people', 'paid')] = yesNo(planned.paid)
  if (planned.site) values[labelOf(kind, 'site')] = planned.site
  const { row, action, changes, split, written } = planned
  return {
    row,
    action,
    values,
    changes,
    ...(split ? { split } : {}),
    ...(written ? { written } : {}),
  }
}

/** Every record the import would save, in the file's order; a people file's new plots marked. */
export function previewOf(kind: ImportKind, plan: ImportPlan) {
  const made = new Set(kind === 'people' ? plan.plots.map((plot) => plot.id) : [])
  return plan.rows.map((planned) => previewRow(kind, planned, made))
}

// Each record once, as its first row has it: someone named again on a row of another site (a
// place on its list too) is one person.
export function countsOf(kind: ImportKind, plan: ImportPlan): ImportCounts {
  const seen = new Set<string>()
  const firsts = plan.rows.filter(({ record }) => !seen.has(record.id) && seen.add(record.id))
  const count = (action: PlannedRow['action']) =>
    firsts.filter((row) => row.action === action).length
  return {
    created: count('new'),
    updated: count('update'),
    unchanged: count('unchanged'),
    skipped: count('skip'),
    newPlots: kind === 'people' ? plan.plots.length : 0,
  }
}
