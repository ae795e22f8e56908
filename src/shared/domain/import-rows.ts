import { parseArea } from '#shared/domain/area'
import { MONTH_NAMES } from '#shared/domain/dates'
import { importMessages } from '#shared/messages/import'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { blankPerson, numberedNickname, proposedNickname } from '#shared/domain/people'
import { peopleInName, titlesIn, type WrittenName } from '#shared/domain/person-names'
import { normalisedHeading, type SheetTable } from '#shared/domain/sheet-layout'
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

export type RowValues = Record<string, string>

const fieldsOf = (kind: ImportKind) => IMPORT_FIELDS[kind]
const labelOf = (kind: ImportKind, key: string) =>
  fieldsOf(kind).find((field) => field.key === key)?.label ?? key

type Columns = Pick<SheetTable, 'columns' | 'rows'>

/**
 * The mapping to start from: the one remembered from the last import where the table still has
 * its columns, else each field's label or alias matched against the table's headings; and for
 * people, a column of dates under a heading of any other name is the date they joined the
 * waiting list (a table without plots) or the date they joined (with plots).
 */
export function guessMapping(
  kind: ImportKind,
  { columns, rows }: Columns,
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
    const names = [field.label, field.key, ...field.aliases].map(normalisedHeading)
    const column = columns.find((c) => !used.has(c) && names.includes(normalisedHeading(c)))
    if (column !== undefined) {
      mapping[field.key] = column
      used.add(column)
    }
  }
  const dateField = mapping.plots === undefined ? 'joinedWaitingList' : 'dateJoined'
  if (kind === 'people' && mapping[dateField] === undefined) {
    const dates = columns.find((column, index) => !used.has(column) && holdsDates(rows, index))
    if (dates !== undefined) mapping[dateField] = dates
  }
  return mapping
}

// Whether a column's first cells with values are all dates. Only the reading matters here, not
// the century of a two-digit year, so any day will do for today; and no date is longer than
// "17th September 2024", so a longer cell (which may be long indeed) is not read.
const DATES_LOOKED_AT = 50
const DATE_MAX = 30
function holdsDates(rows: Columns['rows'], index: number): boolean {
  const cells = rows
    .slice(0, DATES_LOOKED_AT)
    .map((row) => row.cells[index] ?? '')
    .filter((cell) => cell.trim())
  return (
    cells.length > 0 &&
    cells.every((cell) => cell.length <= DATE_MAX && dateFromCell(cell, '2000-01-01'))
  )
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

/** The people a row names: each new record (or why it cannot be one), the paid flag for their
 * plots, and how the name was read. */
export interface RowPeople {
  people: Array<Outcome<Person>>
  /** Whether the rent of the row's plots is paid, when the file says. */
  paid?: boolean
  /** The people the name was read as, before any correction. */
  split: WrittenName[]
}

// The people of a row's name cells: a full name read for titles and joint tenants ("Shah, Priya
// & Arjun"), where a name typed in its own column wins for one person; else the first and last
// names, read the same way ("Priya & Arjun" and "Shah" are two). A title column gives the titles
// the names do not, one a person in order.
function namesOfRow(values: RowValues): WrittenName[] {
  const first = values.firstName ?? ''
  const last = values.lastName ?? ''
  let people: WrittenName[]
  if (values.fullName) {
    people = peopleInName(values.fullName)
    if (people.length === 1 && (first || last))
      people = [
        {
          ...people[0]!,
          firstName: first || people[0]!.firstName,
          lastName: last || people[0]!.lastName,
        },
      ]
  } else {
    people =
      first && last
        ? peopleInName(`${last}, ${first}`)
        : [{ title: '', firstName: first, lastName: last }]
  }
  const titles = titlesIn(values.title ?? '')
  return people.map((person, index) =>
    person.title || !titles[index] ? person : { ...person, title: titles[index] },
  )
}

/**
 * The new people of a row, with the plots it names (a blank nickname is made later). Everyone
 * the name holds is a person of their own, sharing the row's plots, address, dates and notes; the
 * nickname and e-mail addresses are the first person's (an address is one person's way in).
 * `corrected` wins over the file's names. Without a waiting list column, a blank plot puts the
 * person on the waiting list, and so does a table of dates joining the list with no plots; without
 * a column of its own, the date they joined it is their date joined.
 */
export function peopleFromRow(
  values: RowValues,
  today: string,
  corrected?: readonly WrittenName[],
): Outcome<RowPeople> {
  const plots = listOf(values.plots).sort(comparePlotIds)
  const inferred =
    values.onWaitingList === undefined &&
    (values.plots !== undefined || values.joinedWaitingList !== undefined)
  const onWaitingList = inferred
    ? ok(plots.length === 0)
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
  const split = namesOfRow(values)
  const people = (corrected ?? split).map((names, index): Outcome<Person> => {
    const own = index === 0
    const parsed = newPersonSchema.safeParse({
      id: (own && values.id) || 'unnamed',
      title: names.title,
      firstName: names.firstName,
      lastName: names.lastName,
      address: values.address ?? '',
      phoneNumber: values.phoneNumber ?? '',
      email: own ? (values.email ?? '') : '',
      altEmail: own ? (values.altEmail ?? '') : '',
      onWaitingList: onWaitingList.value,
      dateJoined: joined.value,
      joinedWaitingList: joinedList.value,
      notes: values.notes ?? '',
    })
    if (!parsed.success) return refuse(firstIssue(parsed.error))
    const { id, onWaitingList: waiting, ...fields } = parsed.data
    return ok({
      ...blankPerson(own && values.id ? id : '', waiting, today),
      ...fields,
      plots,
      isPlotHolder: plots.length > 0 || !waiting,
    })
  })
  return ok({ people, split, ...(paid.value === undefined ? {} : { paid: paid.value }) })
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
 * unique with a number ("janes", "janes2"), in the characters a nickname may use. `last` keeps
 * the number each base reached, so that a file of 20,000 Ann Ashes does not count up from 1 for
 * each (11 s of the thread answering requests): nicknames taken are never given back in a plan.
 */
export function nicknameFor(
  firstName: string,
  lastName: string,
  taken: (id: string) => boolean,
  last = new Map<string, number>(),
) {
  // The rule the Add person form proposes by; a name of no letters at all still gets one.
  const base = proposedNickname(firstName, lastName) || 'member'
  let n = last.get(base) ?? 1
  while (taken(numberedNickname(base, n))) n++
  last.set(base, n)
  return numberedNickname(base, n)
}
