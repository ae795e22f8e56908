import * as rules from '#shared/domain/people'
import { toIsoDate } from '#shared/domain/text'
import { messages } from '#shared/messages'
import type { NewPerson, Person, UpdatePerson } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { Db } from '#server/core/db/database'
import { lockRecords } from '#server/core/db/write-transaction'
import { conflict, unlessRefused } from '#server/core/errors'
import type { Viewer } from '#server/core/viewer'
import * as peopleRepo from '#server/features/people/sql'
import type { PeopleStatus } from '#server/features/people/sql'
import * as plotsRepo from '#server/features/plots/sql'
import { loggedChange, recordKey } from '#server/core/logged-change'
import { closeOffers } from '#server/features/letting/sql'
import { recordWaitingListEvent } from '#server/features/people/waiting-list-sql'
import { waitingListMessages } from '#shared/waiting-list-messages'

const today = () => toIsoDate(new Date())

function change(methodName: string, id: string, viewer: Viewer) {
  return { methodName, eventCollection: 'people', docId: id, userName: viewer.userName }
}

export function listPeople(db: Db, status?: PeopleStatus): Promise<Person[]> {
  return peopleRepo.listPeople(db.kysely, status)
}

export function getPerson(db: Db, id: string): Promise<Person> {
  return peopleRepo.requirePerson(db.kysely, id)
}

export function createPerson(db: Db, viewer: Viewer, input: NewPerson): Promise<Person> {
  return loggedChange(
    db,
    change('createPerson', input.id, viewer),
    async (tx) => {
      if (await peopleRepo.nicknameTaken(tx, input.id)) {
        throw conflict(messages.nicknameInUse(input.id))
      }
      const { id, onWaitingList, ...fields } = input
      if (onWaitingList)
        await recordWaitingListEvent(tx, id, 'joined', waitingListMessages.addedByCommittee, viewer.userName)
      return peopleRepo.insertPerson(tx, {
        ...rules.blankPerson(id, onWaitingList, today()),
        ...fields,
      })
    },
    input,
  )
}

// The nickname is the id and cannot change: the update's fields have none.
export function updatePerson(
  db: Db,
  viewer: Viewer,
  id: string,
  input: UpdatePerson,
): Promise<Person> {
  return loggedChange(
    db,
    change('updatePerson', id, viewer),
    async (tx) => {
      const current = await peopleRepo.requirePerson(tx, id)
      const { version, ...fields } = input
      if (current.version !== version) throw conflict(messages.staleVersion)
      return peopleRepo.updatePerson(tx, { ...current, ...fields })
    },
    input,
  )
}

export interface DeletedPerson {
  person: Person
  /** The plots the person was removed from, as saved. */
  plots: Plot[]
}

// The person's plots change with them, so they are locked too, with the person's own lock: the
// plots as read just before. Once the person is locked no tenancy of theirs can change, so a
// plot added in between is locked afterwards (the rare deadlock that can cause is detected by
// PostgreSQL and the change runs again).
export async function deletePerson(db: Db, viewer: Viewer, id: string): Promise<DeletedPerson> {
  const expected = (await peopleRepo.findPerson(db.kysely, id))?.plots ?? []
  const plotKeys = (plots: readonly string[]) => plots.map((plot) => recordKey('plots', plot))
  return loggedChange(
    db,
    { ...change('deletePerson', id, viewer), alsoLocks: plotKeys(expected) },
    async (tx) => {
      const person = await peopleRepo.requirePerson(tx, id)
      await lockRecords(db, tx, plotKeys(person.plots.filter((plot) => !expected.includes(plot))))
      const tenancies = await plotsRepo.findPlots(tx, person.plots)
      const plots: Plot[] = []
      for (const plot of rules.deletePerson(person, tenancies).plots) {
        await plotsRepo.removeTenancy(tx, plot.id, person.id)
        plots.push(await plotsRepo.updatePlot(tx, plot))
      }
      await closeOffers(tx, { personId: id }, 'withdrawn')
      await peopleRepo.deletePersonRow(tx, id)
      return { person, plots }
    },
    { id },
  )
}

export function moveToWaitingList(db: Db, viewer: Viewer, id: string): Promise<Person> {
  return loggedChange(
    db,
    change('moveToWaitingList', id, viewer),
    async (tx) => {
      const person = await peopleRepo.requirePerson(tx, id)
      const moved = unlessRefused(rules.moveToWaitingList(person, today()))
      await recordWaitingListEvent(tx, id, 'joined', waitingListMessages.movedFromPlotholders, viewer.userName)
      return peopleRepo.updatePerson(tx, moved)
    },
    { id },
  )
}

export function moveToPlotholders(db: Db, viewer: Viewer, id: string): Promise<Person> {
  return loggedChange(
    db,
    change('moveToPlotholders', id, viewer),
    async (tx) => {
      const person = await peopleRepo.requirePerson(tx, id)
      const moved = unlessRefused(rules.moveToPlotholders(person))
      if (person.onWaitingList)
        await recordWaitingListEvent(tx, id, 'left', waitingListMessages.becamePlotholder, viewer.userName)
      return peopleRepo.updatePerson(tx, moved)
    },
    { id },
  )
}
