import { mergedPerson } from '#shared/domain/people-merge'
import { mergeMessages } from '#shared/messages/merge'
import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import type { MergeInput, MergePreview } from '#shared/schemas/people-merge'
import { updateAtVersion } from '#server/core/db/versioned'
import { lockRecords, type ReadTx } from '#server/core/db/write-transaction'
import { notFound, unlessRefused, unprocessable } from '#server/core/errors'
import { runEach, type PeopleMerge } from '#server/core/hooks'
import { loggedChange, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { latestChangeNaming, moveEntriesAbout } from '#server/features/logs/sql'
import { moveEmailChanges } from '#server/features/people/email-changes-sql'
import { moveHold } from '#server/features/people/retention-sql'
import type { People } from '#server/features/people/service'
import * as peopleRepo from '#server/features/people/sql'
import { moveTenancyEnds } from '#server/features/people/tenancy-ends-sql'
import { moveWaitingListHistory } from '#server/features/people/waiting-list-sql'

// Two records of one person made one (issue 46): an applicant on several lists, a tenant imported
// again. The committee chooses the record that stays and, detail by detail, what it keeps
// (shared/domain/people-merge.ts); everything that hangs on the other record moves onto it, each
// feature moving its own through the mergingPeople hook as an erasure moves a record to its new
// id, and the log's entries about it with them, so that the record that stays shows the history
// of both. One change, logged against the record that stays and naming both.

const MERGE = { eventCollection: 'people', methodName: 'mergePeople' } as const

/** What stands in the way of the merge, a sentence each: none when it may be made. */
async function blockersOf({ hooks }: People, tx: ReadTx, merge: PeopleMerge): Promise<string[]> {
  const { kept, merged } = merge
  if (kept.id === merged.id) return [mergeMessages.sameRecord]
  const blockers: string[] = []
  for (const person of [kept, merged])
    if (await peopleRepo.erasedOn(tx, person.id))
      blockers.push(mergeMessages.erasedRecord(person.id))
  if (blockers.length) return blockers
  for (const check of hooks.mergeBlockers) blockers.push(...(await check(tx, merge)))
  return blockers
}

/** Both records as they stand, and what stands in the way of merging them. */
export async function mergePreview(
  people: People,
  viewer: Viewer,
  keptId: string,
  mergedId: string,
): Promise<MergePreview> {
  const tx = people.db.kysely
  const kept = await personOrMerged(tx, keptId)
  const merged = await personOrMerged(tx, mergedId)
  const merge = { kept, merged, at: people.clock.now(), userName: viewer.userName }
  return { kept, merged, blockers: await blockersOf(people, tx, merge) }
}

/** The merge's log entry: the record as saved, the record merged as it was, and what moved. */
export interface MergeLogged {
  keptId: string
  mergedId: string
  mergedOn: string
  person: Person
  merged: Person
  moved: Record<string, unknown>
}

// Both records are locked, and the merged record's plots as read just before, which the merge
// changes (a plot it gained meanwhile is locked once found, as a removal does). The merged record is written at its
// version before it goes, and the kept record at its own, so that an edit of either since the
// screen was shown refuses the merge (409) instead of being lost.
export async function mergePeople(
  people: People,
  viewer: Viewer,
  input: MergeInput,
): Promise<MergeLogged> {
  const { db, clock, hooks } = people
  const plotKeys = (plots: readonly string[]) => plots.map((plot) => recordKey('plots', plot))
  const expected = (await peopleRepo.findPerson(db.kysely, input.mergedId))?.plots ?? []
  return loggedChange(
    db,
    {
      ...MERGE,
      docId: input.keptId,
      userName: viewer.userName,
      alsoLocks: [recordKey('people', input.mergedId), ...plotKeys(expected)],
    },
    async (tx) => {
      if (input.keptId === input.mergedId) throw unprocessable(mergeMessages.sameRecord)
      const kept = await peopleRepo.requirePerson(tx, input.keptId)
      const merged = await peopleRepo.requirePerson(tx, input.mergedId)
      await lockRecords(db, tx, plotKeys(merged.plots.filter((plot) => !expected.includes(plot))))
      await updateAtVersion(tx, 'people', merged.id, input.mergedVersion, {})
      const merge: PeopleMerge = { kept, merged, at: clock.now(), userName: viewer.userName }
      const blockers = await blockersOf(people, tx, merge)
      if (blockers.length) throw unprocessable(mergeMessages.cannotMerge(blockers))
      const person = unlessRefused(mergedPerson(kept, merged, input.fields))
      const moved = await runEach(hooks.mergingPeople, tx, merge)
      await moveWaitingListHistory(tx, merged.id, kept.id)
      await moveTenancyEnds(tx, merged.id, kept.id)
      await moveEmailChanges(tx, merged.id, kept.id)
      await moveHold(tx, merged.id, kept.id)
      await moveEntriesAbout(tx, MERGE.eventCollection, merged.id, kept.id)
      await peopleRepo.deletePersonRow(tx, merged.id)
      if (person.reference !== kept.reference)
        await peopleRepo.setReference(tx, kept.id, person.reference)
      const saved = await peopleRepo.updatePerson(tx, { ...person, version: input.keptVersion })
      return {
        keptId: kept.id,
        mergedId: merged.id,
        mergedOn: clock.today(),
        person: saved,
        merged,
        moved,
      }
    },
    input,
  )
}

/** The records merged into this one, as they were, from the entries about it (its erasure's). */
export function mergedRecordsIn(entries: ReadonlyArray<{ methodName: string; value: string }>) {
  return entries
    .filter((entry) => entry.methodName === MERGE.methodName)
    .map((entry) => (JSON.parse(entry.value) as Partial<MergeLogged>).merged)
    .filter((merged): merged is Person => merged !== undefined)
}

/**
 * The person, read for their page; for one merged away (a link kept from before), 404 naming the
 * record it was merged into.
 */
export async function personOrMerged(tx: ReadTx, id: string): Promise<Person> {
  const person = await peopleRepo.findPerson(tx, id)
  if (person) return person
  const merge = await latestChangeNaming(tx, MERGE, 'mergedId', id)
  if (!merge) throw notFound(peopleMessages.personMissing(id))
  const { keptId, mergedOn } = JSON.parse(merge.value) as MergeLogged
  throw notFound(mergeMessages.mergedInto(id, keptId, mergedOn))
}
