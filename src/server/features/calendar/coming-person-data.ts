import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure, PeopleMerge, PersonKeys } from '#server/core/hooks'
import { comingOfPerson, deleteComingOf, moveComing } from '#server/features/calendar/coming-sql'

// A person's "I'll come" in their data download, their erasure, their record's removal and a
// merge of two records of them (issue 48, item 5).

/** Every event they said they will come to, and when they said so. */
export async function describeComing(tx: ReadTx, person: PersonKeys) {
  return { eventsComing: await comingOfPerson(tx, person.id) }
}

/**
 * Their erasure: what they said goes (an event's count is not an account of money to keep). The
 * record's own part may have run first and given it the new id: both go.
 */
export async function eraseComing(tx: WriteTx, erasure: Erasure) {
  await deleteComingOf(tx, [erasure.id, erasure.newId])
}

/** Their record removed: no one is left to come. */
export async function removeComingOf(tx: WriteTx, personId: string) {
  await deleteComingOf(tx, [personId])
}

/** Two records of them made one: the merged record's events are the kept record's. */
export async function mergeComing(tx: WriteTx, { kept, merged }: PeopleMerge) {
  return { eventsComing: await moveComing(tx, merged.id, kept.id) }
}
