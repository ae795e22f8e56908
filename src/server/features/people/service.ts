import * as rules from '#shared/domain/people'
import { peopleMessages } from '#shared/messages/people'
import {
  ownFieldSchema,
  type MyDetails,
  type MyRecord,
  type NewPerson,
  type OwnChange,
  type OwnField,
  type Person,
  type UpdatePerson,
  type WaitingPlace,
} from '#shared/schemas/person'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import { lockRecords } from '#server/core/db/write-transaction'
import { conflict, unlessRefused } from '#server/core/errors'
import { runEach, type Hooks } from '#server/core/hooks'
import { loggedChange, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { entriesAbout } from '#server/features/logs/sql'
import * as peopleRepo from '#server/features/people/sql'
import type { PeopleStatus } from '#server/features/people/sql'
import {
  placeOnList,
  recordJoining,
  recordWaitingListEvent,
  waitingPlace,
} from '#server/features/people/waiting-list-sql'
import { waitingListMessages } from '#shared/messages/waiting-list'

/** What people's services take from the core. */
export interface People {
  db: Db
  clock: Clock
  hooks: Hooks
}

function change(methodName: string, id: string, viewer: Viewer) {
  return { methodName, eventCollection: 'people', docId: id, userName: viewer.userName }
}

export function listPeople({ db }: People, status?: PeopleStatus): Promise<Person[]> {
  return peopleRepo.listPeople(db.kysely, status)
}

/** The nickname proposed for a new person of this name, made free with a number if it is taken. */
export async function nicknameProposal(
  { db }: People,
  firstName: string,
  lastName: string,
): Promise<{ nickname: string }> {
  const base = rules.proposedNickname(firstName, lastName)
  return { nickname: base && (await peopleRepo.freeNickname(db.kysely, base)) }
}

export function getPerson({ db }: People, id: string): Promise<Person> {
  return peopleRepo.requirePerson(db.kysely, id)
}

/** The person's place on the waiting list and why; null when they are not on it. */
export async function getWaitingPlace({ db }: People, id: string): Promise<WaitingPlace | null> {
  await peopleRepo.requirePerson(db.kysely, id)
  return (await waitingPlace(db.kysely, id)) ?? null
}

export function createPerson(
  { db, clock }: People,
  viewer: Viewer,
  input: NewPerson,
): Promise<Person> {
  return loggedChange(
    db,
    change('createPerson', input.id, viewer),
    async (tx) => {
      if (await peopleRepo.nicknameTaken(tx, input.id)) {
        throw conflict(peopleMessages.nicknameInUse(input.id))
      }
      const { id, onWaitingList, ...fields } = input
      const joining =
        onWaitingList &&
        (await recordJoining(
          tx,
          id,
          'joined',
          waitingListMessages.addedByCommittee,
          viewer.userName,
          clock.now(),
        ))
      return peopleRepo.insertPerson(tx, {
        ...rules.blankPerson(id, onWaitingList, clock.today()),
        ...fields,
        ...joining,
      })
    },
    input,
  )
}

// The nickname is the id and cannot change: the update's fields have none. The update is
// written against the version it was made from (409 when someone saved the person since).
export function updatePerson(
  { db }: People,
  viewer: Viewer,
  id: string,
  input: UpdatePerson,
): Promise<Person> {
  return loggedChange(
    db,
    change('updatePerson', id, viewer),
    async (tx) => {
      const current = await peopleRepo.requirePerson(tx, id)
      return peopleRepo.updatePerson(tx, { ...current, ...input })
    },
    input,
  )
}

/** The member's own record, and their place on the waiting list if they are on it. */
export async function getMyRecord({ db }: People, personId: string): Promise<MyRecord> {
  const person = await peopleRepo.requirePerson(db.kysely, personId)
  // The place costs the whole list in order: only for those on it.
  const place = person.onWaitingList ? await placeOnList(db.kysely, personId) : undefined
  return { person, place: place ?? null }
}

// A member's change of their own details: the committee's update, logged as the member's own
// (updateOwnDetails, by their user name) and written against the version it was made from.
// The fields the member changed go into the log with the saved record, for the committee to see
// on the person's page (ownChanges); the route's answer is the record alone.
export function updateMyDetails(
  { db }: People,
  viewer: Viewer,
  personId: string,
  input: MyDetails,
): Promise<Person & { changed: OwnField[] }> {
  return loggedChange(
    db,
    change(OWN_CHANGES.details, personId, viewer),
    async (tx) => {
      const current = await peopleRepo.requirePerson(tx, personId)
      const changed = ownFieldSchema.options.filter(
        (field) => field !== 'email' && input[field] !== current[field],
      )
      return { ...(await peopleRepo.updatePerson(tx, { ...current, ...input })), changed }
    },
    input,
  )
}

/** How a member's own changes are logged: their details, and their e-mail address by its link. */
export const OWN_CHANGES = { details: 'updateOwnDetails', email: 'confirmEmailChange' } as const

/** The latest changes the member made to their own record, newest first. */
export async function ownChanges({ db }: People, id: string): Promise<OwnChange[]> {
  await peopleRepo.requirePerson(db.kysely, id)
  const entries = await entriesAbout(db.kysely, {
    eventCollection: 'people',
    docId: id,
    methodNames: Object.values(OWN_CHANGES),
    madeOnly: true,
    limit: 20,
  })
  return entries.map(({ timeStamp, userName, methodName, value }) => ({
    at: timeStamp,
    userName,
    fields:
      methodName === OWN_CHANGES.email
        ? ['email']
        : // Changes saved before the fields were logged name none.
          ((JSON.parse(value) as { changed?: OwnField[] }).changed ?? []),
  }))
}

// The person's plots change with them, so they are locked too, with the person's own lock: the
// plots as read just before. Once the person is locked no tenancy of theirs can change, so a
// plot added in between is locked afterwards (the rare deadlock that can cause is detected by
// PostgreSQL and the change runs again). What hangs on the person (their tenancies, their open
// offers) is ended by the features it belongs to, through the removingPerson hook; the log
// entry holds the person and what those features say they changed (the plots, as saved).
export async function deletePerson(
  { db, hooks }: People,
  viewer: Viewer,
  id: string,
): Promise<void> {
  const expected = (await peopleRepo.findPerson(db.kysely, id))?.plots ?? []
  const plotKeys = (plots: readonly string[]) => plots.map((plot) => recordKey('plots', plot))
  await loggedChange(
    db,
    { ...change('deletePerson', id, viewer), alsoLocks: plotKeys(expected) },
    async (tx) => {
      const person = await peopleRepo.requirePerson(tx, id)
      await lockRecords(db, tx, plotKeys(person.plots.filter((plot) => !expected.includes(plot))))
      const ended = await runEach(hooks.removingPerson, tx, id, viewer.userName)
      await peopleRepo.deletePersonRow(tx, id)
      return { person, ...ended }
    },
    { id },
  )
}

export function moveToWaitingList(
  { db, clock }: People,
  viewer: Viewer,
  id: string,
): Promise<Person> {
  return loggedChange(
    db,
    change('moveToWaitingList', id, viewer),
    async (tx) => {
      const person = await peopleRepo.requirePerson(tx, id)
      const moved = unlessRefused(rules.moveToWaitingList(person, clock.today()))
      const joining = await recordJoining(
        tx,
        id,
        'joined',
        waitingListMessages.movedFromPlotholders,
        viewer.userName,
        clock.now(),
      )
      return peopleRepo.updatePerson(tx, { ...moved, ...joining })
    },
    { id },
  )
}

export function moveToPlotholders(
  { db, clock }: People,
  viewer: Viewer,
  id: string,
): Promise<Person> {
  return loggedChange(
    db,
    change('moveToPlotholders', id, viewer),
    async (tx) => {
      const person = await peopleRepo.requirePerson(tx, id)
      const moved = unlessRefused(rules.moveToPlotholders(person))
      if (person.onWaitingList)
        await recordWaitingListEvent(
          tx,
          id,
          'left',
          waitingListMessages.becamePlotholder,
          viewer.userName,
          clock.now(),
        )
      return peopleRepo.updatePerson(tx, moved)
    },
    { id },
  )
}
