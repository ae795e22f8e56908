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
import { AppError, conflict, unlessRefused, unprocessable } from '#server/core/errors'
import { runEach, type Hooks } from '#server/core/hooks'
import { loggedChange, recordKey, type LoggedChange } from '#server/core/logged-change'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Viewer } from '#server/core/viewer'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import { entriesAbout } from '#server/features/logs/sql'
import * as peopleRepo from '#server/features/people/sql'
import { personOrMerged } from '#server/features/people/merge'
import type { PeopleStatus } from '#server/features/people/sql'
import { listSites, requireOpenSite, requireSite } from '#server/features/sites/sql'
import {
  placeOnList,
  placesOnLists,
  recordJoining,
  recordWaitingListEvent,
  waitingPlace,
} from '#server/features/people/waiting-list-sql'
import { endPlaces, openPlaces, openPlaceSites } from '#server/features/people/waiting-places-sql'
import { waitingListMessages } from '#shared/messages/waiting-list'

/** What people's services take from the core. */
export interface People {
  db: Db
  clock: Clock
  hooks: Hooks
}

function change(methodName: string, id: string, viewer: Viewer): LoggedChange {
  return { methodName, eventCollection: 'people', docId: id, userName: viewer.userName }
}

/** The people the scope reaches (issue 46): of the list asked for, or all. */
export function listPeople(
  { db }: People,
  scope: SiteScope,
  status?: PeopleStatus,
): Promise<Person[]> {
  return peopleRepo.listPeople(db.kysely, scope, status)
}

/** The person, read fresh; 404 when there is none, 403 outside the scope. */
async function personIn(tx: ReadTx, scope: SiteScope, id: string, logged?: LoggedChange) {
  return (await peopleRepo.requirePersonInScope(tx, scope, id, { change: logged })).person
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

/** The person, within the scope; a record merged into another says where it went (404). */
export async function getPerson({ db }: People, scope: SiteScope, id: string): Promise<Person> {
  try {
    return await personIn(db.kysely, scope, id)
  } catch (error) {
    if (error instanceof AppError && error.status === 404) await personOrMerged(db.kysely, id)
    throw error
  }
}

/** The person's place on the waiting list and why; null when they are not on it. */
export async function getWaitingPlace(
  { db }: People,
  scope: SiteScope,
  id: string,
): Promise<WaitingPlace | null> {
  await personIn(db.kysely, scope, id)
  const [place, places, sites] = await Promise.all([
    waitingPlace(db.kysely, id, scope.sites),
    placesOnLists(db.kysely, id),
    listSites(db.kysely),
  ])
  if (!place) return null
  const names = new Map(sites.map((site) => [site.id, site.name]))
  return {
    ...place,
    places: places.map((each) => ({ ...each, siteName: names.get(each.siteId) ?? '' })),
  }
}

/**
 * The list a committee member's change puts someone on (decision 47): the site their screen is
 * on (`?site=`), or their first; for one who reaches every site, the organisation's first.
 */
const listOfScope = (scope: SiteScope): number[] | undefined =>
  scope.sites ? [scope.sites[0]!] : undefined

export function createPerson(
  { db, clock }: People,
  viewer: Viewer,
  scope: SiteScope,
  input: NewPerson,
): Promise<Person> {
  const logged: LoggedChange = change('createPerson', input.id, viewer)
  return loggedChange(
    db,
    logged,
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
      const person = await peopleRepo.insertPerson(
        tx,
        { ...rules.blankPerson(id, onWaitingList, clock.today()), ...fields, ...joining },
        listOfScope(scope),
      )
      logged.sites = await openPlaceSites(tx, id)
      return person
    },
    input,
  )
}

// The nickname is the id and cannot change: the update's fields have none. The update is
// written against the version it was made from (409 when someone saved the person since).
export function updatePerson(
  { db }: People,
  viewer: Viewer,
  scope: SiteScope,
  id: string,
  input: UpdatePerson,
): Promise<Person> {
  const logged = change('updatePerson', id, viewer)
  return loggedChange(
    db,
    logged,
    async (tx) => {
      const current = await personIn(tx, scope, id, logged)
      return peopleRepo.updatePerson(
        tx,
        { ...current, ...input },
        { waitingSites: listOfScope(scope) },
      )
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
      // A field left out (the title, from a page made before it) is not changed.
      const changed = ownFieldSchema.options.filter(
        (field) => field !== 'email' && field in input && input[field] !== current[field],
      )
      return { ...(await peopleRepo.updatePerson(tx, { ...current, ...input })), changed }
    },
    input,
  )
}

/** How a member's own changes are logged: their details, and their e-mail address by its link. */
export const OWN_CHANGES = { details: 'updateOwnDetails', email: 'confirmEmailChange' } as const

/** The latest changes the member made to their own record, newest first. */
export async function ownChanges(
  { db }: People,
  scope: SiteScope,
  id: string,
): Promise<OwnChange[]> {
  await personIn(db.kysely, scope, id)
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
  scope: SiteScope,
  id: string,
): Promise<void> {
  const expected = (await peopleRepo.findPerson(db.kysely, id))?.plots ?? []
  const plotKeys = (plots: readonly string[]) => plots.map((plot) => recordKey('plots', plot))
  const logged = { ...change('deletePerson', id, viewer), alsoLocks: plotKeys(expected) }
  await loggedChange(
    db,
    logged,
    async (tx) => {
      const person = await personIn(tx, scope, id, logged)
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
  scope: SiteScope,
  id: string,
): Promise<Person> {
  const logged = change('moveToWaitingList', id, viewer)
  return loggedChange(
    db,
    logged,
    async (tx) => {
      const person = await personIn(tx, scope, id, logged)
      const moved = unlessRefused(rules.moveToWaitingList(person, clock.today()))
      const joining = await recordJoining(
        tx,
        id,
        'joined',
        waitingListMessages.movedFromPlotholders,
        viewer.userName,
        clock.now(),
      )
      return peopleRepo.updatePerson(
        tx,
        { ...moved, ...joining },
        { waitingSites: listOfScope(scope) },
      )
    },
    { id },
  )
}

/**
 * A change of one site's list for the person (issue 46, decision 47): logged against that site,
 * refused beyond the scope's sites, answered with their places as they then stand.
 */
async function changeSiteList(
  people: People,
  viewer: Viewer,
  scope: SiteScope,
  where: { id: string; siteId: number; methodName: string },
  work: (tx: WriteTx, person: Person, open: number[]) => Promise<void>,
): Promise<WaitingPlace | null> {
  const { id, siteId, methodName } = where
  const logged = change(methodName, id, viewer)
  await loggedChange(
    people.db,
    logged,
    async (tx) => {
      const person = await personIn(tx, scope, id, logged)
      logged.sites = [siteId]
      requireSiteInScope(scope, siteId)
      await work(tx, person, await openPlaceSites(tx, id))
    },
    { id, siteId },
  )
  return getWaitingPlace(people, scope, id)
}

/** The person joins one more site's list: a place at its end, taken now, in their history. */
export function joinSiteList(
  people: People,
  viewer: Viewer,
  scope: SiteScope,
  id: string,
  siteId: number,
): Promise<WaitingPlace | null> {
  const { clock } = people
  const where = { id, siteId, methodName: 'joinSiteList' }
  return changeSiteList(people, viewer, scope, where, async (tx, person, open) => {
    const site = await requireOpenSite(tx, siteId)
    if (!person.onWaitingList) throw unprocessable(waitingListMessages.notWaitingForSiteList)
    if (open.includes(siteId)) throw conflict(waitingListMessages.alreadyOnSiteList(site.name))
    const reason = waitingListMessages.siteListReason(site.name)
    const joining = await recordJoining(tx, id, 'joined', reason, viewer.userName, clock.now())
    await openPlaces(tx, id, [siteId], { joinedWaitingList: clock.today(), ...joining })
  })
}

/**
 * The person leaves one site's list and stays on their others; their last list is left by taking
 * them off the waiting list on their form, which ends every place.
 */
export function leaveSiteList(
  people: People,
  viewer: Viewer,
  scope: SiteScope,
  id: string,
  siteId: number,
): Promise<WaitingPlace | null> {
  const { clock } = people
  const where = { id, siteId, methodName: 'leaveSiteList' }
  return changeSiteList(people, viewer, scope, where, async (tx, _person, open) => {
    const site = await requireSite(tx, siteId)
    if (!open.includes(siteId)) throw conflict(waitingListMessages.notOnSiteList(site.name))
    if (open.length === 1) throw unprocessable(waitingListMessages.onlySiteList)
    await endPlaces(tx, id, [siteId], 'left')
    const reason = waitingListMessages.siteListReason(site.name)
    await recordWaitingListEvent(tx, id, 'left', reason, viewer.userName, clock.now())
  })
}

export function moveToPlotholders(
  { db, clock }: People,
  viewer: Viewer,
  scope: SiteScope,
  id: string,
): Promise<Person> {
  const logged = change('moveToPlotholders', id, viewer)
  return loggedChange(
    db,
    logged,
    async (tx) => {
      const person = await personIn(tx, scope, id, logged)
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
