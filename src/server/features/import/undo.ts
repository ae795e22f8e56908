import { importMessages } from '#shared/messages/import'
import type { ImportUndone, LastImport } from '#shared/schemas/spreadsheet-import'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { conflict } from '#server/core/errors'
import { loggedChange, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { lastImportRun, markImportUndone, type ImportRecords } from '#server/features/import/sql'
import * as peopleRepo from '#server/features/people/sql'
import {
  deleteWaitingListHistory,
  lastWaitingListEvent,
} from '#server/features/people/waiting-list-sql'
import * as plotsRepo from '#server/features/plots/sql'
import { EVERY_SITE } from '#server/core/site-scope'

// The last import, undone while nothing else has changed its records: the people and plots it
// made go (with their tenancies and their history on the waiting list), and those it changed are
// put back as they were. Each record must still be at the version the import left it; else
// nothing is undone (409, naming the record).

/** The last import, if it can still be undone. */
export async function lastImport(tx: ReadTx): Promise<LastImport | null> {
  const run = await lastImportRun(tx)
  if (!run || run.undoneAt !== null) return null
  const { id, kind, fileName, createdBy, createdAt, counts } = run
  return { id, kind, fileName, createdBy, createdAt, ...counts }
}

const WHAT = { people: 'person', plots: 'plot' } as const

// Every record of the import as the import left it, or the refusal naming the first that is not.
async function checkUnchanged(tx: ReadTx, records: ImportRecords) {
  const peopleIds = new Set([
    ...records.people.map((p) => p.id),
    ...records.changedPeople.map((c) => c.before.id),
  ])
  const now = new Map<string, number>()
  if (peopleIds.size)
    for (const person of await peopleRepo.listPeople(tx, EVERY_SITE))
      if (peopleIds.has(person.id)) now.set(`people:${person.id}`, person.version)
  const plotIds = [
    ...records.plots.map((p) => p.id),
    ...records.changedPlots.map((c) => c.before.id),
  ]
  for (const plot of await plotsRepo.findPlots(tx, plotIds))
    now.set(`plots:${plot.id}`, plot.version)
  const expected = [
    ...records.people.map(({ id, version }) => ({ collection: 'people' as const, id, version })),
    ...records.changedPeople.map(({ before, version }) => ({
      collection: 'people' as const,
      id: before.id,
      version,
    })),
    ...records.plots.map(({ id, version }) => ({ collection: 'plots' as const, id, version })),
    ...records.changedPlots.map(({ before, version }) => ({
      collection: 'plots' as const,
      id: before.id,
      version,
    })),
  ]
  for (const { collection, id, version } of expected) {
    const current = now.get(`${collection}:${id}`)
    if (current === undefined) throw conflict(importMessages.undoRecordGone(WHAT[collection], id))
    if (current !== version) throw conflict(importMessages.undoRecordChanged(WHAT[collection], id))
  }
  // An offer made to someone it put on the waiting list changes their place, not their record.
  for (const { id } of records.people) {
    const last = await lastWaitingListEvent(tx, id)
    if (last !== undefined && last !== 'joined')
      throw conflict(importMessages.undoRecordChanged(WHAT.people, id))
  }
}

export async function undoImport(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  id: number,
): Promise<ImportUndone> {
  const run = await lastImportRun(db.kysely)
  const records = run?.records
  const locks = records
    ? [
        ...records.people.map((p) => recordKey('people', p.id)),
        ...records.changedPeople.map((c) => recordKey('people', c.before.id)),
        ...records.plots.map((p) => recordKey('plots', p.id)),
        ...records.changedPlots.map((c) => recordKey('plots', c.before.id)),
      ]
    : []
  const change = {
    methodName: 'undoImport',
    eventCollection: 'import_runs',
    docId: String(id),
    userName: viewer.userName,
    alsoLocks: locks,
  }
  return loggedChange(db, change, async (tx, log) => {
    // Read again under the locks: the last import still, and not undone.
    const last = await lastImportRun(tx)
    if (!last || last.id !== id || last.undoneAt !== null)
      throw conflict(importMessages.undoOnlyLast)
    const done = last.records
    await checkUnchanged(tx, done)
    const logOf = (methodName: string, eventCollection: string, docId: string) => ({
      methodName,
      eventCollection,
      docId,
      userName: viewer.userName,
    })
    for (const { plotId, personId } of done.tenancies) {
      await peopleRepo.deleteTenancy(tx, plotId, personId)
      log(logOf('removePlotFromPerson', 'plots', plotId), { plotId, personId })
    }
    const madePeople = done.people.map((p) => p.id)
    for (const personId of madePeople) {
      await peopleRepo.deletePersonRow(tx, personId)
      log(logOf('deletePerson', 'people', personId), { id: personId })
    }
    await deleteWaitingListHistory(tx, madePeople)
    await plotsRepo.deletePlotRows(
      tx,
      done.plots.map((p) => p.id),
    )
    for (const plot of done.plots) log(logOf('deletePlot', 'plots', plot.id), { id: plot.id })
    for (const { before, version } of done.changedPlots) {
      const put = await plotsRepo.updatePlot(tx, { ...before, version })
      log(logOf('updatePlot', 'plots', put.id), put)
    }
    for (const { before, version } of done.changedPeople) {
      const put = await peopleRepo.updatePerson(tx, { ...before, version })
      log(logOf('updatePerson', 'people', put.id), put)
    }
    await markImportUndone(tx, id, clock.now().toISOString())
    return {
      removed: done.people.length + done.plots.length,
      restored: done.changedPeople.length + done.changedPlots.length,
    }
  })
}
