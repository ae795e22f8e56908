import { importMessages } from '#shared/messages/import'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { blankPerson } from '#shared/domain/people'
import { blankPlot, comparePlotIds, isOccupied } from '#shared/domain/plots'
import { newPersonSchema, type Person } from '#shared/schemas/person'
import { newPlotSchema, type Plot } from '#shared/schemas/plot'
import {
  IMPORT_FIELDS,
  type ColumnMapping,
  type ImportKind,
} from '#shared/schemas/spreadsheet-import'

// A spreadsheet's rows read as our records, one row at a time and without the database: the
// server then checks them against what is recorded (nicknames taken, plots that exist, four
// tenants a plot). Functions take today as YYYY-MM-DD, so they stay pure.

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (the headings are row 1). */
  row: number
  cells: string[]
}

export interface SheetTable {
  columns: string[]
  rows: SheetRow[]
}

export type RowValues = Record<string, string>

const fieldsOf = (kind: ImportKind) => IMPORT_FIELDS[kind]
const labelOf = (kind: ImportKind, key: string) =>
  fieldsOf(kind).find((field) => field.key === key)?.label ?? key

const normalised = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{Nd}²?]+/gu, ' ')
    .trim()

/**
 * The mapping to start from: the one remembered from the last import where the file still has
 * its columns, else each field's label or alias matched against the file's headings.
 */
export function guessMapping(
  kind: ImportKind,
  columns: string[],
  remembered: ColumnMapping = {},
): ColumnMapping {
  const mapping: ColumnMapping = {}
  const used = new Set<string>()
  for (const field of fieldsOf(kind)) {
    const kept = remembered[field.key]
    if (kept !== undefined && columns.includes(kept)) {
      mapping[field.key] = kept
      used.add(kept)
    }
  }
  for (const field of fieldsOf(kind)) {
    if (mapping[field.key] !== undefined) continue
    const names = [field.label, field.key, ...field.aliases].map(normalised)
    const column = columns.find((c) => !used.has(c) && names.includes(normalised(c)))
    if (column !== undefined) {
      mapping[field.key] = column
      used.add(column)
    }
  }
  return mapping
}

/** Why the mapping cannot be used: a required field without a column, or a column not there. */
export function mappingProblem(
  kind: ImportKind,
  columns: string[],
  mapping: ColumnMapping,
): string | undefined {
  for (const column of Object.values(mapping)) {
    if (!columns.includes(column)) return importMessages.noSuchColumn(column)
  }
  const missing = fieldsOf(kind).find((field) => field.required && !mapping[field.key])
  return missing ? importMessages.columnRequired(missing.label) : undefined
}

/** Each row's cells under our field keys; fields the file does not have are absent. */
export function mappedRows(
  kind: ImportKind,
  table: SheetTable,
  mapping: ColumnMapping,
): Array<{ row: number; values: RowValues }> {
  const at = fieldsOf(kind)
    .filter((field) => mapping[field.key] !== undefined)
    .map((field) => [field.key, table.columns.indexOf(mapping[field.key]!)] as const)
  return table.rows.map(({ row, cells }) => ({
    row,
    values: Object.fromEntries(at.map(([key, index]) => [key, (cells[index] ?? '').trim()])),
  }))
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', '✓', '✔', 'paid', 'waiting', 'waiting list'])
const NO = new Set(['no', 'n', 'false', '0', '', 'unpaid', 'plot holder', 'plotholder', 'tenant'])

function yesOrNo(kind: ImportKind, key: string, text = ''): Outcome<boolean> {
  const word = text.trim().toLowerCase()
  if (YES.has(word)) return ok(true)
  if (NO.has(word)) return ok(false)
  return refuse(importMessages.notYesOrNo(labelOf(kind, key), text))
}

const pad = (n: string) => n.padStart(2, '0')

/** YYYY-MM-DD as it is, a British DD/MM/YYYY turned round, a blank as today. */
function dateOf(label: string, text: string | undefined, today: string): Outcome<string> {
  const value = (text ?? '').trim()
  if (!value) return ok(today)
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value)
  const british = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value)
  const date = iso
    ? `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`
    : british
      ? `${british[3]}-${pad(british[2]!)}-${pad(british[1]!)}`
      : ''
  const real = date && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date
  return real ? ok(date) : refuse(importMessages.importDateInvalid(label, value))
}

/** Plot names or nicknames in one cell, separated by commas or semicolons. */
export function listOf(text = ''): string[] {
  return [
    ...new Set(
      text
        .split(/[,;]+/)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ]
}

const firstIssue = (error: { issues: Array<{ message: string }> }) => error.issues[0]!.message

/** A new person from a row, with the plots it names; a blank nickname is made later. */
export function personFromRow(values: RowValues, today: string): Outcome<Person> {
  const onWaitingList = yesOrNo('people', 'onWaitingList', values.onWaitingList)
  if (!onWaitingList.ok) return onWaitingList
  const dates: Record<'dateJoined' | 'joinedWaitingList', string> = {
    dateJoined: '',
    joinedWaitingList: '',
  }
  for (const key of ['dateJoined', 'joinedWaitingList'] as const) {
    const date = dateOf(labelOf('people', key), values[key], today)
    if (!date.ok) return date
    dates[key] = date.value
  }
  const parsed = newPersonSchema.safeParse({
    id: values.id || 'unnamed',
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
    address: values.address ?? '',
    phoneNumber: values.phoneNumber ?? '',
    email: values.email ?? '',
    altEmail: values.altEmail ?? '',
    onWaitingList: onWaitingList.value,
    ...dates,
  })
  if (!parsed.success) return refuse(firstIssue(parsed.error))
  const { id, onWaitingList: waiting, ...fields } = parsed.data
  const plots = listOf(values.plots).sort(comparePlotIds)
  return ok({
    ...blankPerson(values.id ? id : '', waiting, today),
    ...fields,
    plots,
    isPlotHolder: plots.length > 0 || !waiting,
  })
}

/** A new plot from a row, with the tenants it names; blank cells take the spec's defaults. */
export function plotFromRow(values: RowValues): Outcome<Plot> {
  const blank = blankPlot(values.id ?? '')
  const paid = yesOrNo('plots', 'paid', values.paid)
  if (!paid.ok) return paid
  const given = (key: 'area' | 'distance' | 'fee') =>
    values[key] ? values[key].replace(/^£/, '').replace(/\.0+$/, '') : blank[key]
  const parsed = newPlotSchema.safeParse({
    id: values.id ?? '',
    description: values.description ?? '',
    area: given('area'),
    distance: given('distance'),
    fee: given('fee'),
    gradient: values.gradient ? values.gradient.toLowerCase() : blank.gradient,
    paid: paid.value,
    showOnGrid: true,
    isNew: false,
    isFailed: false,
  })
  if (!parsed.success) return refuse(firstIssue(parsed.error))
  const tenants = listOf(values.tenants).sort()
  return ok({ ...blank, ...parsed.data, tenants, occupied: isOccupied(tenants) })
}

/**
 * A nickname for someone whose file gives none: first name and the last name's initial, made
 * unique with a number ("janes", "janes2"), in the characters a nickname may use.
 */
export function nicknameFor(firstName: string, lastName: string, taken: (id: string) => boolean) {
  const base =
    `${firstName}${lastName.slice(0, 1)}`
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{Nd}_'-]+/gu, '')
      .slice(0, 30) || 'member'
  let id = base
  for (let n = 2; taken(id); n++) id = `${base}${n}`
  return id
}
