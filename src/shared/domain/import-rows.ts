import { parseArea } from '#shared/domain/area'
import { MONTH_NAMES } from '#shared/domain/dates'
import { importMessages } from '#shared/messages/import'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { blankPerson, numberedNickname, proposedNickname } from '#shared/domain/people'
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

/**
 * Why the mapping cannot be used: a column not there, one column for two fields, or a required
 * field without a column (people need the full name, or the first and the last name).
 */
export function mappingProblem(
  kind: ImportKind,
  columns: string[],
  mapping: ColumnMapping,
): string | undefined {
  const chosenFor = new Map<string, string>()
  for (const field of fieldsOf(kind)) {
    const column = mapping[field.key]
    if (column === undefined) continue
    if (!columns.includes(column)) return importMessages.noSuchColumn(column)
    const earlier = chosenFor.get(column)
    if (earlier !== undefined) return importMessages.columnChosenTwice(column, earlier, field.label)
    chosenFor.set(column, field.label)
  }
  for (const column of Object.values(mapping)) {
    if (!columns.includes(column)) return importMessages.noSuchColumn(column)
  }
  if (kind === 'people' && !mapping.fullName && !(mapping.firstName && mapping.lastName))
    return importMessages.nameColumnsRequired
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

/** A yes or no where a blank cell says neither: undefined. */
function givenYesOrNo(kind: ImportKind, key: string, text = ''): Outcome<boolean | undefined> {
  return text.trim() ? yesOrNo(kind, key, text) : ok(undefined)
}

const pad = (n: string) => n.padStart(2, '0')
const MONTHS = MONTH_NAMES.map((name) => name.toLowerCase())

// A year written with two digits is this century's up to this year, else the last one's.
function fullYear(year: string, today: string): string {
  if (year.length === 4) return year
  const century = Number(today.slice(0, 2)) * 100
  const twoDigits = Number(year)
  return String(
    twoDigits <= Number(today.slice(2, 4)) ? century + twoDigits : century - 100 + twoDigits,
  )
}

function monthNumber(name: string): number {
  const word = name.toLowerCase().replace(/\.$/, '')
  const index = MONTHS.findIndex((month) => word.length >= 3 && month.startsWith(word))
  return index + 1
}

/**
 * A date as a British spreadsheet holds it: YYYY-MM-DD as it is, DD/MM/YYYY (or DD/MM/YY) turned
 * round, never read the American way: 03/04/2021 is 3 April 2021; "3 April 2021" and
 * "3 Apr 21" too. A blank is undefined.
 */
export function dateFromCell(text: string, today: string): string | undefined | false {
  const value = text.trim()
  if (!value) return undefined
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value)
  const british = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/.exec(value)
  const words = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]+\.?),?[\s-]+(\d{4}|\d{2})$/i.exec(value)
  const date = iso
    ? `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`
    : british
      ? `${fullYear(british[3]!, today)}-${pad(british[2]!)}-${pad(british[1]!)}`
      : words && monthNumber(words[2]!)
        ? `${fullYear(words[3]!, today)}-${pad(String(monthNumber(words[2]!)))}-${pad(words[1]!)}`
        : ''
  // A month 13 is no date at all; a 31 February rolls into March, so is caught by comparing.
  const time = date ? new Date(`${date}T00:00:00Z`) : undefined
  const real = time && !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 10) === date
  return real ? date : false
}

/** A date cell read (dateFromCell), a blank as `blank`. */
function dateOf(
  label: string,
  text: string | undefined,
  blank: string,
  today: string,
): Outcome<string> {
  const date = dateFromCell(text ?? '', today)
  if (date === false) return refuse(importMessages.importDateInvalid(label, (text ?? '').trim()))
  return ok(date ?? blank)
}

// Words that belong with the last name that follows them: "van der Berg", "de la Mare".
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'la',
  'le',
  'st',
  'st.',
  'ter',
  'ten',
  'bin',
  'ibn',
  'al',
  'el',
  'mac',
  'o',
])

/**
 * A full name split into first and last names: the last word is the last name, with any
 * particles before it ("Anna van der Berg"); "Berg, Anna" is last name first. One word is a first
 * name only.
 */
export function splitFullName(text: string): { firstName: string; lastName: string } {
  const comma = text.indexOf(',')
  if (comma > 0) {
    const [last, first] = [text.slice(0, comma), text.slice(comma + 1)].map((part) =>
      part.trim().replace(/\s+/g, ' '),
    )
    if (first && last) return { firstName: first, lastName: last }
  }
  const words = text.trim().split(/\s+/).filter(Boolean)
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' }
  let start = words.length - 1
  while (start > 1 && PARTICLES.has(words[start - 1]!.toLowerCase())) start--
  return { firstName: words.slice(0, start).join(' '), lastName: words.slice(start).join(' ') }
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

/** A person read from a row: the new record, the paid flag for its plots, the name's split. */
export interface PersonRow {
  person: Person
  /** Whether the rent of the row's plots is paid, when the file says. */
  paid?: boolean
  /** The names a full name was split into, before any correction. */
  split?: { firstName: string; lastName: string }
}

/**
 * A new person from a row, with the plots it names; a blank nickname is made later. A full name
 * is split (a name typed in its own column wins; `corrected` wins over both). Without a waiting
 * list column, a blank plot puts the person on the waiting list; without a column of its own, the
 * date they joined it is their date joined.
 */
export function personFromRow(
  values: RowValues,
  today: string,
  corrected?: { firstName: string; lastName: string },
): Outcome<PersonRow> {
  const inferred = values.onWaitingList === undefined && values.plots !== undefined
  const onWaitingList = inferred
    ? ok(listOf(values.plots).length === 0)
    : yesOrNo('people', 'onWaitingList', values.onWaitingList)
  if (!onWaitingList.ok) return onWaitingList
  const paid = givenYesOrNo('people', 'paid', values.paid)
  if (!paid.ok) return paid
  const joined = dateOf(labelOf('people', 'dateJoined'), values.dateJoined, today, today)
  if (!joined.ok) return joined
  const waitingFrom =
    values.joinedWaitingList === undefined && onWaitingList.value ? joined.value : today
  const joinedList = dateOf(
    labelOf('people', 'joinedWaitingList'),
    values.joinedWaitingList,
    waitingFrom,
    today,
  )
  if (!joinedList.ok) return joinedList
  const split = values.fullName === undefined ? undefined : splitFullName(values.fullName)
  const names = corrected ?? {
    firstName: values.firstName || split?.firstName || '',
    lastName: values.lastName || split?.lastName || '',
  }
  const parsed = newPersonSchema.safeParse({
    id: values.id || 'unnamed',
    ...names,
    address: values.address ?? '',
    phoneNumber: values.phoneNumber ?? '',
    email: values.email ?? '',
    altEmail: values.altEmail ?? '',
    onWaitingList: onWaitingList.value,
    dateJoined: joined.value,
    joinedWaitingList: joinedList.value,
  })
  if (!parsed.success) return refuse(firstIssue(parsed.error))
  const { id, onWaitingList: waiting, ...fields } = parsed.data
  const plots = listOf(values.plots).sort(comparePlotIds)
  return ok({
    person: {
      ...blankPerson(values.id ? id : '', waiting, today),
      ...fields,
      plots,
      isPlotHolder: plots.length > 0 || !waiting,
    },
    ...(paid.value === undefined ? {} : { paid: paid.value }),
    ...(split ? { split } : {}),
  })
}

const sameText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * How a re-import knows someone already recorded: their e-mail address, and their first and last
 * names with their address (blank addresses alike), each without regard to case or spacing.
 */
export function identityKeys(person: Pick<Person, 'email' | 'firstName' | 'lastName' | 'address'>) {
  const email = sameText(person.email)
  return {
    email: email || undefined,
    nameAndAddress: [person.firstName, person.lastName, person.address].map(sameText).join('|'),
  }
}

/**
 * A plot from a row, with the tenants it names: a new one from the spec's defaults, or the one
 * recorded (`kept`) with the fields the row fills in; a blank cell keeps what is there.
 */
export function plotFromRow(values: RowValues, kept?: Plot): Outcome<Plot> {
  const base = kept ?? blankPlot(values.id ?? '')
  const paid = givenYesOrNo('plots', 'paid', values.paid)
  if (!paid.ok) return paid
  const given = (key: 'area' | 'distance' | 'fee') =>
    values[key] ? values[key].replace(/^£/, '').replace(/\.0+$/, '') : base[key]
  // A sheet in rods (the old unit of allotments) gives the size in rods, kept as square metres.
  const rods = values.rods ? parseArea(values.rods, 'rod') : undefined
  if (rods && !rods.ok) return rods
  const parsed = newPlotSchema.safeParse({
    id: values.id ?? '',
    description: values.description || base.description,
    area: rods ? rods.value : given('area'),
    distance: given('distance'),
    fee: given('fee'),
    sizeBand: base.sizeBand,
    gradient: values.gradient ? values.gradient.toLowerCase() : base.gradient,
    paid: paid.value ?? base.paid,
    showOnGrid: base.showOnGrid,
    isNew: base.isNew,
    isFailed: base.isFailed,
  })
  if (!parsed.success) return refuse(firstIssue(parsed.error))
  const { id: _named, ...fields } = parsed.data
  const tenants = [...new Set([...base.tenants, ...listOf(values.tenants)])].sort()
  return ok({ ...base, ...fields, tenants, occupied: isOccupied(tenants) })
}

/**
 * A nickname for someone whose file gives none: first name and the last name's initial, made
 * unique with a number ("janes", "janes2"), in the characters a nickname may use.
 */
export function nicknameFor(firstName: string, lastName: string, taken: (id: string) => boolean) {
  // The rule the Add person form proposes by; a name of no letters at all still gets one.
  const base = proposedNickname(firstName, lastName) || 'member'
  let n = 1
  while (taken(numberedNickname(base, n))) n++
  return numberedNickname(base, n)
}
