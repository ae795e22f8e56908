import { guessMapping, listOf, mappedRows, mappingProblem } from '#shared/domain/import-rows'
import { importMessages } from '#shared/messages/import'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import {
  IMPORT_FIELDS,
  IMPORT_PREVIEW_ROWS,
  columnMappingSchema,
  importFormSchema,
  type ImportCheck,
  type ImportDone,
  type ImportForm,
  type ImportKind,
} from '#shared/schemas/spreadsheet-import'
import type { Db } from '#server/core/db/database'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import { AppError, badRequest, unprocessable } from '#server/core/errors'
import type { Upload } from '#server/core/http/read-upload'
import type { Clock } from '#server/core/clock'
import { logEvent, loggedWrite, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { planImport, type ImportPlan } from '#server/features/import/plan'
import type { Spreadsheet } from '#server/features/import/read-spreadsheet'
import * as peopleRepo from '#server/features/people/sql'
import { recordJoinings } from '#server/features/people/waiting-list-sql'
import { waitingListMessages } from '#shared/messages/waiting-list'
import * as plotsRepo from '#server/features/plots/sql'

// Two steps over the same file, which the browser sends again for each (nothing is kept on the
// server between them): the dry run, with the file's columns, and the import.

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
  // The parsers are loaded by the first file read, not by every server that starts.
  const { readSpreadsheet } = await import('#server/features/import/read-spreadsheet')
  return {
    form: parsed.data,
    spreadsheet: await readSpreadsheet(upload.file.bytes, parsed.data.sheet),
  }
}

// The mapping sent, or the first guess: the remembered one where the file still has its
// columns, else one made from the headings.
async function mappingOf(db: Db, { form, spreadsheet }: Opened) {
  if (form.mapping) return form.mapping
  const remembered = await readJsonSetting(db.kysely, mappingKey(form.kind), columnMappingSchema)
  return guessMapping(form.kind, spreadsheet.table.columns, remembered)
}

// The rows under our fields; a mapping that cannot be used is refused.
async function rowsOf(db: Db, opened: Opened) {
  const mapping = await mappingOf(db, opened)
  const problem = mappingProblem(opened.form.kind, opened.spreadsheet.table.columns, mapping)
  if (problem) throw badRequest(problem)
  return { mapping, rows: mappedRows(opened.form.kind, opened.spreadsheet.table, mapping) }
}

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No')

// A record as the preview shows it: under our fields' labels, as it will be saved.
function shownPerson(person: Person): Record<string, string> {
  const [id, first, last, joined, waiting, address, phone, email, alt, onList, plots] =
    IMPORT_FIELDS.people.map((field) => field.label)
  return {
    [id!]: person.id,
    [first!]: person.firstName,
    [last!]: person.lastName,
    [joined!]: person.dateJoined,
    [waiting!]: person.joinedWaitingList,
    [address!]: person.address,
    [phone!]: person.phoneNumber,
    [email!]: person.email,
    [alt!]: person.altEmail,
    [onList!]: yesNo(person.onWaitingList),
    [plots!]: person.plots.join(', '),
  }
}

function shownPlot(plot: Plot): Record<string, string> {
  const [id, description, area, distance, gradient, fee, paid, tenants] = IMPORT_FIELDS.plots.map(
    (field) => field.label,
  )
  return {
    [id!]: plot.id,
    [description!]: plot.description,
    [area!]: String(plot.area),
    [distance!]: String(plot.distance),
    [gradient!]: plot.gradient,
    [fee!]: String(plot.fee),
    [paid!]: yesNo(plot.paid),
    [tenants!]: plot.tenants.join(', '),
  }
}

const preview = (plan: ImportPlan) =>
  [...plan.people.map(shownPerson), ...plan.plots.map(shownPlot)].slice(0, IMPORT_PREVIEW_ROWS)

// One request from choosing the file to the verdict: the file's columns and the mapping come
// with the dry run, and a mapping that misses a required column is a question for the screen
// (which shows the columns to choose from), not an error.
export async function checkImport(db: Db, clock: Clock, upload: Upload): Promise<ImportCheck> {
  const opened = await open(upload)
  const { form, spreadsheet } = opened
  const { columns, rows } = spreadsheet.table
  const mapping = await mappingOf(db, opened)
  const read = {
    sheets: spreadsheet.sheets,
    sheet: spreadsheet.sheet,
    columns,
    rowCount: rows.length,
    mapping,
  }
  const problem = mappingProblem(form.kind, columns, mapping)
  if (problem) return { ...read, preview: [], refused: [], problem }
  const mapped = mappedRows(form.kind, spreadsheet.table, mapping)
  const plan = await planImport(db.kysely, form.kind, mapped, clock.today())
  return { ...read, preview: preview(plan), refused: plan.refused, problem: null }
}

// Every record the rows name, locked on PostgreSQL before the plan is made inside the write, so
// that no other change can fill a plot or take a nickname between the check and the insert.
function locksOf(kind: ImportKind, rows: Awaited<ReturnType<typeof rowsOf>>['rows']) {
  const [own, other, listed] =
    kind === 'people'
      ? (['people', 'plots', 'plots'] as const)
      : (['plots', 'people', 'tenants'] as const)
  return rows.flatMap(({ values }) => [
    ...(values.id ? [recordKey(own, values.id)] : []),
    ...listOf(values[listed]).map((name) => recordKey(other, name)),
  ])
}

// All or nothing: one transaction, a refused row anywhere saves no row. Each record made is
// logged as the form would log it; each record that gains a tenancy is logged as the tenants
// screen would log it.
export async function saveImport(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  upload: Upload,
): Promise<ImportDone> {
  const opened = await open(upload)
  const { kind } = opened.form
  const { mapping, rows } = await rowsOf(db, opened)
  const logOf = (methodName: string, eventCollection: string, docId: string) => ({
    methodName,
    eventCollection,
    docId,
    userName: viewer.userName,
  })
  try {
    return await loggedWrite(db, locksOf(kind, rows), async (tx, log) => {
      const plan = await planImport(tx, kind, rows, clock.today())
      if (plan.refused.length)
        throw unprocessable(importMessages.importRefused(plan.refused.length))
      // Those for the waiting list join it now, in the file's order: their history starts here.
      const joinings = await recordJoinings(
        tx,
        plan.people.filter((person) => person.onWaitingList).map((person) => person.id),
        waitingListMessages.imported,
        viewer.userName,
        clock.now(),
      )
      const people = plan.people.map((person) => ({ ...person, ...joinings.get(person.id) }))
      await peopleRepo.insertPeople(tx, people)
      await plotsRepo.insertPlots(tx, plan.plots)
      await plotsRepo.addTenancies(tx, plan.tenancies)
      const made = kind === 'people' ? plan.people : plan.plots
      if (kind === 'people') {
        await plotsRepo.touchPlots(tx, [...new Set(plan.tenancies.map((t) => t.plotId))])
      } else {
        await peopleRepo.markPlotHolders(tx, [...new Set(plan.tenancies.map((t) => t.personId))])
      }
      for (const person of people) log(logOf('createPerson', 'people', person.id), person)
      for (const plot of plan.plots) log(logOf('createPlot', 'plots', plot.id), plot)
      for (const tenancy of plan.tenancies)
        log(logOf('addPlotToPerson', 'plots', tenancy.plotId), tenancy)
      await writeJsonSetting(tx, mappingKey(kind), columnMappingSchema, mapping)
      return { created: made.length, tenancies: plan.tenancies.length }
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
