import { erasureMessages } from '#shared/messages/erasure'
import type { ErasureCheck, Person } from '#shared/schemas/person'
import type { Config } from '#server/core/config'
import { forgetOverwritten } from '#server/core/db/forget-overwritten'
import { scrubText, type TextScrub } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { scrubCopiesNaming } from '#server/core/email/batches'
import type { Copies } from '#server/core/email/copies'
import { forgetOutboxFiles } from '#server/core/email/outbox'
import { conflict } from '#server/core/errors'
import type { Erasure } from '#server/core/hooks'
import { loggedChange, LoggedAs, type LoggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import { entriesAbout, eraseFromLog, logScrubsOf } from '#server/features/logs/sql'
import { deleteEmailChangesOf, emailChangesOf } from '#server/features/people/email-changes-sql'
import type { People } from '#server/features/people/service'
import * as peopleRepo from '#server/features/people/sql'
import { moveTenancyEnds } from '#server/features/people/tenancy-ends-sql'
import { moveWaitingListHistory } from '#server/features/people/waiting-list-sql'
import { mergedRecordsIn } from '#server/features/people/merge'

// Erasing a person's details (issue 30, item 2): for someone who holds no plot and owes nothing,
// their details are replaced, wherever the association keeps them, by "Former member N", in one
// transaction. The record stays under that name and a new id, for the accounts that must be kept
// six years (invoices, payments, what was sent when); every feature built on people scrubs its own
// part through the erasingPerson hook, and a letter to anyone else that quotes them names the marker
// instead. Then the old copies of the rows leave the database's files, the outbox's e-mails to them
// go, and those to others that quoted them are written again as they now stand.

/** Erasures are numbered one after another, so they take one lock. */
const ERASURE_LOCK = 'erasure'

export type Erasing = People & { config: Config; copies: Pick<Copies, 'rewriteOutbox'> }

/** What stands in the way of erasing the person: their plots, money they owe. */
async function blockersOf({ hooks }: People, tx: ReadTx, person: Person): Promise<string[]> {
  const blockers = person.plots.length ? [erasureMessages.holdsPlots(person.plots)] : []
  for (const check of hooks.erasureBlockers) blockers.push(...(await check(tx, person.id)))
  return blockers
}

/** Whether the person's details may be erased now, and if not, why not. */
export async function erasureCheck(
  people: People,
  scope: SiteScope,
  id: string,
): Promise<ErasureCheck> {
  const tx = people.db.kysely
  const { person } = await peopleRepo.requirePersonInScope(tx, scope, id)
  return {
    erasedOn: await peopleRepo.erasedOn(tx, id),
    blockers: await blockersOf(people, tx, person),
  }
}

/**
 * The person's details as they may stand in what is kept about them, with the addresses they
 * asked to change theirs to (the log's entry of each request holds one) and their notes; and
 * those of every record merged into theirs (issue 46), whose rows and entries are theirs now.
 */
function detailsOf(
  records: readonly Person[],
  askedFor: readonly string[],
  notes: readonly string[],
) {
  const identifying = [
    ...records.flatMap((person) => [
      `${person.firstName} ${person.lastName}`.trim(),
      person.address,
      // An address's lines and parts ("7 Orchard Lane", "Riverside RV6 7EX") may be written apart.
      ...person.address
        .split(/[\n,]/)
        .map((part) => part.trim())
        .filter((part) => part.length >= 5),
      person.email,
      person.altEmail,
      person.phoneNumber,
    ]),
    ...askedFor,
  ].filter((detail) => detail.trim().length >= 3)
  return {
    identifying,
    details: [...identifying, ...records.flatMap((person) => [person.lastName, person.id])],
    wholeValues: [
      ...records.flatMap((person) => [person.firstName, person.lastName]),
      ...notes,
    ].filter(Boolean),
  }
}

/**
 * Every text the committee's notes about the person have had: as they stand, and as the entries
 * about them hold them (their record as saved each time, whole or in part).
 */
function notesEverWritten(person: Person, entries: ReadonlyArray<{ value: string }>): string[] {
  const found = new Set([person.notes])
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect)
    else if (value !== null && typeof value === 'object')
      for (const [key, field] of Object.entries(value))
        if (key === 'notes' && typeof field === 'string') found.add(field)
        else collect(field)
  }
  for (const entry of entries) collect(JSON.parse(entry.value))
  return [...found]
}

/**
 * One erasure of many (retention's run): the log's other entries and everyone's copies are read
 * once for them all afterwards (`later` stores what to scrub in them, inside the erasure's write),
 * and the database's files are cleared of old rows once at the end.
 */
export interface InBatch {
  later: (tx: WriteTx, scrubs: TextScrub[]) => Promise<void>
}

/**
 * Erases the person's details, as `userName` (a committee member's within their scope, or the
 * daily run's).
 */
export async function erasePerson(
  erasing: Erasing,
  userName: string,
  scope: SiteScope,
  id: string,
  batch?: InBatch,
) {
  const { db, clock, hooks, config, copies } = erasing
  const outboxFiles: string[] = []
  const outboxCopies: number[] = []
  const logged: LoggedChange = {
    methodName: 'erasePerson',
    eventCollection: 'people',
    docId: id,
    userName,
    alsoLocks: [ERASURE_LOCK],
  }
  const erased = await loggedChange(db, logged, async (tx) => {
    const { person } = await peopleRepo.requirePersonInScope(tx, scope, id, { change: logged })
    if (await peopleRepo.erasedOn(tx, id)) throw conflict(erasureMessages.alreadyErased)
    const blockers = await blockersOf(erasing, tx, person)
    if (blockers.length) throw conflict(erasureMessages.cannotErase(blockers))
    const former = await peopleRepo.nextFormerMember(tx)
    const askedFor = (await emailChangesOf(tx, id)).map((change) => change.newEmail)
    const entries = await entriesAbout(tx, { eventCollection: 'people', docId: id })
    const at = clock.now()
    const erasure: Erasure = {
      id,
      email: person.email,
      altEmail: person.altEmail,
      newId: former.id,
      marker: erasureMessages.formerMember(former.number),
      at,
      ...detailsOf(
        [person, ...mergedRecordsIn(entries)],
        askedFor,
        notesEverWritten(person, entries),
      ),
    }
    let formerUserName: string | null | undefined
    for (const part of hooks.erasingPerson) {
      const leftovers = await part(tx, erasure)
      outboxFiles.push(...(leftovers?.outboxFiles ?? []))
      outboxCopies.push(...(leftovers?.outboxCopies ?? []))
      formerUserName ??= leftovers?.formerUserName
    }
    outboxFiles.push(...(await deleteEmailChangesOf(tx, id)))
    await moveWaitingListHistory(tx, id, former.id)
    await moveTenancyEnds(tx, id, former.id)
    await scrubText(tx, 'waiting_list_events', ['reason'], erasure.details, erasure.marker, {
      column: 'personId',
      in: [former.id],
    })
    await peopleRepo.replaceWithFormerMember(tx, person, {
      id: former.id,
      marker: erasure.marker,
      erasedOn: clock.today(),
    })
    await eraseFromLog(tx, erasure, formerUserName, !batch)
    // Everyone's copies are read with the log: here, or in the run's one reading of both.
    if (batch) await batch.later(tx, logScrubsOf(erasure, formerUserName))
    else outboxCopies.push(...(await scrubCopiesNaming(tx, erasure)))
    // A job's payload may name them (an e-mail waiting to go).
    await scrubText(tx, 'jobs', ['payload', 'lastError'], erasure.identifying, erasure.marker)
    return new LoggedAs({ id: former.id, name: erasure.marker }, former.id)
  })
  // Their own e-mails go first, so that only others' are written again.
  await forgetOutboxFiles(config.email.outboxDir, outboxFiles)
  await copies.rewriteOutbox(outboxCopies)
  if (!batch) await forgetOverwritten(db, ERASED_TABLES)
  return erased
}

// Every table an erasure may write, for PostgreSQL's vacuum afterwards.
export const ERASED_TABLES = [
  'people',
  'waiting_list_events',
  'tenancy_ends',
  'retention_holds',
  'email_changes',
  'applications',
  'offers',
  'still_want_answers',
  'invoices',
  'invoice_lines',
  'ledger',
  'statement_payers',
  'messages',
  'message_batches',
  'inspections',
  'inspection_notices',
  'enquiries',
  'user',
  'session',
  'account',
  'invitations',
  'password_resets',
  'account_email_links',
  'logs',
  'jobs',
] as const
