import { guessMapping, listOf, mappedRows, mappingProblem } from '#shared/domain/import-rows'
import type { SheetTable } from '#shared/domain/sheet-layout'
import { importMessages } from '#shared/messages/import'
import type { Person } from '#shared/schemas/person'
import {
  columnMappingSchema,
  importFormSchema,
  type ColumnMapping,
  type ImportCheck,
  type ImportDone,
  type ImportForm,
  type ImportKind,
} from '#shared/schemas/spreadsheet-import'
import type { Db } from '#server/core/db/database'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import { AppError, badRequest, unprocessable } from '#server/core/errors'
import type { Upload } from '#server/core/http/read-upload'
import { offThread } from '#server/core/off-thread'
import type { Clock } from '#server/core/clock'
import { logEvent, loggedWrite, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { WriteTx } from '#server/core/db/write-transaction'
import type { ImportPlan } from '#server/features/import/plan'
import { planPeople } from '#server/features/import/plan-people'
import { planPlots } from '#server/features/import/plan-plots'
import { countsOf, previewOf } from '#server/features/import/preview'
import { insertImportRun, type ImportRecords } from '#server/features/import/sql'
import type { readSpreadsheet as read, Spreadsheet } from '#server/features/import/read-spreadsheet'
import * as peopleRepo from '#server/features/people/sql'
import { recordJoinings } from '#server/features/people/waiting-list-sql'
import { waitingListMessages } from '#shared/messages/waiting-list'
import * as plotsRepo from '#server/features/plots/sql'
import { EVERY_SITE } from '#server/core/site-scope'
import type { ReadTx } from '#server/core/db/write-transaction'
import { sitesOfRows } from '#server/features/import/row-sites'

// Two steps over the same file, which the browser sends again for each (nothing is kept on the
// server between them): the dry run, with the file's columns, and the import.

// The file is read in a worker thread (core/off-thread.ts), which loads the parsers with the
// first file, not with every server that starts: 20 MB of CSV is seconds of work, and a workbook
// more, which would hold up every other request.
const readSpreadsheet = offThread<typeof read>(
  new URL('./read-spreadsheet.ts', import.meta.url),
  'readSpreadsheet',
  { timeLimitMs: 120_000, tooLong: importMessages.tooLongToRead },
)

const mappingKey = (kind: ImportKind) => `importMapping.${kind}`

interface Opened {
  form: ImportForm
  spreadsheet: Spreadsheet
}

async function open(upload: Upload): Promise<Opened> {
  if (upload.tooLarge) throw new AppError(413, importMessages.spreadsheetTooLarge)
  const parsed = importFormSchema.safeParse(upload.fields)
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message)
  if (!upload.file || upload.file.bytes.length === 0)
    throw badRequest(importMessages.chooseSpreadsheet)
  const { sheet, tables = [] } = parsed.data
  return {
    form: parsed.data,
    spreadsheet: await readSpreadsheet([
      upload.file.bytes,
      sheet,
      tables.map((table) => table.headings),
    ]),
  }
}

interface MappedTable {
  table: SheetTable
  mapping: ColumnMapping
  skip: boolean
  problem: string | null
}

// Each table with its mapping: the one sent, or a first guess from the choices kept on the
// screen (the file chosen again), else from the one remembered from the last import, where the
// table has their columns, and from the headings for the rest.
async function mappedTables(db: Db, { form, spreadsheet }: Opened): Promise<MappedTable[]> {
  const remembered = await readJsonSetting(db.kysely, mappingKey(form.kind), columnMappingSchema)
  return spreadsheet.tables.map((table, index) => {
    const choice = form.tables?.[index] ?? {}
    const mapping = choice.mapping ?? guessMapping(form.kind, table, choice.keep ?? remembered)
    const problem = mappingProblem(form.kind, table.columns, mapping) ?? null
    return { table, mapping, skip: choice.skip ?? false, problem }
  })
}

// Why the tables imported cannot be: the first one's problem, or none chosen.
function problemOf(tables: readonly MappedTable[]): string | null {
  const imported = tables.filter((table) => !table.skip)
  if (imported.length === 0) return importMessages.noTableChosen
  return imported.find((table) => table.problem)?.problem ?? null
}

// The rows of the tables imported, under our fields, in the sheet's order.
const rowsOf = (kind: ImportKind, tables: readonly MappedTable[]) =>
  tables
    .filter((table) => !table.skip)
    .flatMap(({ table, mapping }) => mappedRows(kind, table, mapping))

// The rows planned, each on its site (row-sites.ts: 403 for a site outside the viewer's), with
// every refusal in the file's order: a row naming no site in use is one.
async function planOf(
  tx: ReadTx,
  form: ImportForm,
  viewer: Viewer,
  rows: ReturnType<typeof rowsOf>,
  today: string,
) {
  const sited = await sitesOfRows(tx, form, viewer, rows)
  const plan =
    form.kind === 'people'
      ? await planPeople(tx, form, sited.rows, today)
      : await planPlots(tx, sited.rows, today)
  plan.refused = [...sited.refused, ...plan.refused].sort((a, b) => a.row - b.row)
  return { plan, bySite: sited.bySite }
}

const noCounts = { created: 0, updated: 0, unchanged: 0, skipped: 0, newPlots: 0 }

// One request from choosing the file to the verdict: the file's tables, their columns and the
// mappings come with the dry run, and a mapping that cannot be used is a question for the screen
// (which shows the columns to choose from), not an error. Every record comes back; the screen
// pages them.
export async function checkImport(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  upload: Upload,
): Promise<ImportCheck> {
  const opened = await open(upload)
  const { form, spreadsheet } = opened
  const tables = await mappedTables(db, opened)
  const read = {
    sheets: spreadsheet.sheets,
    sheet: spreadsheet.sheet,
    tables: tables.map(({ table, mapping, skip, problem }) => ({
      headings: table.headings,
      title: table.title,
      columns: table.columns,
      rowCount: table.rows.length,
      firstRow: table.rows[0]?.row ?? 0,
      lastRow: table.rows.at(-1)?.row ?? 0,
      mapping,
      skip,
      problem,
      choices: table.choices,
    })),
    rowCount: tables.reduce((sum, { table, skip }) => sum + (skip ? 0 : table.rows.length), 0),
    existing: form.existing,
  }
  const problem = problemOf(tables)
  const rows = problem ? [] : rowsOf(form.kind, tables)
  const { plan, bySite } = await planOf(db.kysely, form, viewer, rows, clock.today())
  if (problem)
    return { ...read, preview: [], refused: [], counts: noCounts, recognised: 0, problem, bySite }
  return {
    ...read,
    preview: previewOf(form.kind, plan),
    refused: plan.refused,
    counts: countsOf(form.kind, plan),
    recognised: plan.recognised,
    problem: null,
    bySite,
  }
}

// Every record the rows name, locked on PostgreSQL before the plan is made inside the write, so
// that no other change can fill a plot or take a nickname between the check and the insert.
// Records found otherwise (someone recognised by e-mail) are written at their versions.
function locksOf(kind: ImportKind, rows: ReturnType<typeof rowsOf>) {
  const [own, other, listed] =
    kind === 'people'
      ? (['people', 'plots', 'plots'] as const)
      : (['plots', 'people', 'tenants'] as const)
  return rows.flatMap(({ values }) => [
    ...(values.id ? [recordKey(own, values.id)] : []),
    ...listOf(values[listed]).map((name) => recordKey(other, name)),
  ])
}

// Those joining the waiting list take their places in its order: by the date they joined it,
// then in the file's order.
const inWaitingOrder = (people: readonly Person[]) =>
  people
    .map((person, index) => ({ person, index }))
    .filter(({ person }) => person.onWaitingList)
    .sort(
      (a, b) =>
        (a.person.joinedWaitingList < b.person.joinedWaitingList
          ? -1
          : a.person.joinedWaitingList > b.person.joinedWaitingList
            ? 1
            : 0) || a.index - b.index,
    )
    .map(({ person }) => person.id)

// The version each record is left at, read at the end of the import's write.
async function recordsOf(tx: WriteTx, plan: ImportPlan): Promise<ImportRecords> {
  const peopleIds = new Set([
    ...plan.people.map((p) => p.id),
    ...plan.updatedPeople.map((u) => u.after.id),
  ])
  const plotIds = [...plan.plots.map((p) => p.id), ...plan.updatedPlots.map((u) => u.after.id)]
  const people = peopleIds.size
    ? (await peopleRepo.listPeople(tx, EVERY_SITE)).filter((person) => peopleIds.has(person.id))
    : []
  const plots = await plotsRepo.findPlots(tx, plotIds)
  const version = new Map<string, number>([
    ...people.map((p) => [`people:${p.id}`, p.version] as const),
    ...plots.map((p) => [`plots:${p.id}`, p.version] as const),
  ])
  const at = (collection: string, id: string) => version.get(`${collection}:${id}`)!
  return {
    people: plan.people.map((p) => ({ id: p.id, version: at('people', p.id) })),
    plots: plan.plots.map((p) => ({ id: p.id, version: at('plots', p.id) })),
    changedPeople: plan.updatedPeople.map(({ before }) => ({
      before,
      version: at('people', before.id),
    })),
    changedPlots: plan.updatedPlots.map(({ before }) => ({
      before,
      version: at('plots', before.id),
    })),
    tenancies: plan.tenancies,
  }
}

// All or nothing: one transaction, a refused row anywhere saves no row. Each record made or
// changed is logged as its form would log it; each tenancy as the tenants screen would. What was
// done is kept, for undoing it.
export async function saveImport(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  upload: Upload,
): Promise<ImportDone> {
  const opened = await open(upload)
  const { form } = opened
  const { kind } = form
  const tables = await mappedTables(db, opened)
  const problem = problemOf(tables)
  if (problem) throw badRequest(problem)
  const rows = rowsOf(kind, tables)
  // Remembered for the next file: each field's column in the first table imported that has one.
  const mapping = Object.assign(
    {},
    ...tables
      .filter((table) => !table.skip)
      .map((table) => table.mapping)
      .reverse(),
  ) as ColumnMapping
  const logOf = (methodName: string, eventCollection: string, docId: string) => ({
    methodName,
    eventCollection,
    docId,
    userName: viewer.userName,
  })
  try {
    return await loggedWrite(db, locksOf(kind, rows), async (tx, log) => {
      const { plan } = await planOf(tx, form, viewer, rows, clock.today())
      if (plan.refused.length)
        throw unprocessable(importMessages.importRefused(plan.refused.length))
      // Their history on the list starts here, in the list's order.
      const joinings = await recordJoinings(
        tx,
        inWaitingOrder(plan.people),
        waitingListMessages.imported,
        viewer.userName,
        clock.now(),
      )
      const people = await peopleRepo.insertPeople(
        tx,
        plan.people.map((person) => ({ ...person, ...joinings.get(person.id) })),
        plan.places,
      )
      await plotsRepo.insertPlots(tx, plan.plots)
      await plotsRepo.addTenancies(tx, plan.tenancies)
      for (const { after } of plan.updatedPlots) await plotsRepo.updatePlot(tx, after)
      for (const { after } of plan.updatedPeople) await peopleRepo.updatePerson(tx, after)
      for (const person of people) log(logOf('createPerson', 'people', person.id), person)
      for (const plot of plan.plots) log(logOf('createPlot', 'plots', plot.id), plot)
      for (const { after } of plan.updatedPeople)
        log(logOf('updatePerson', 'people', after.id), after)
      for (const { after } of plan.updatedPlots) log(logOf('updatePlot', 'plots', after.id), after)
      for (const tenancy of plan.tenancies)
        log(logOf('addPlotToPerson', 'plots', tenancy.plotId), tenancy)
      await writeJsonSetting(tx, mappingKey(kind), columnMappingSchema, mapping)
      const counts = countsOf(kind, plan)
      const importId = await insertImportRun(tx, {
        kind,
        fileName: upload.file?.fileName ?? '',
        createdBy: viewer.userName,
        createdAt: clock.now().toISOString(),
        counts,
        records: await recordsOf(tx, plan),
      })
      log(logOf('importSpreadsheet', 'import_runs', String(importId)), counts)
      return { importId, ...counts, tenancies: plan.tenancies.length }
    })
  } catch (error) {
    if (error instanceof AppError) {
      const attempt = logOf('importSpreadsheet', kind, upload.file?.fileName ?? '')
      await logEvent(
        db,
        attempt,
        { rows: rows.length },
        { status: error.status, message: error.detail },
      )
    }
    throw error
  }
}
