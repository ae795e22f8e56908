import { waitingListOrder } from '#shared/domain/people'
import type { WaitingListEvent } from '#shared/schemas/letting'
import type { OffersTable, WaitingListEventsTable } from '#server/core/db/schema'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The waiting list's history and order, which the people feature records into as well (a person
// added to the list, moved off it).

export function recordWaitingListEvent(
  tx: WriteTx,
  personId: string,
  event: WaitingListEventsTable['event'],
  reason: string,
  createdBy: string,
): Promise<void> {
  return recordWaitingListEvents(tx, [personId], event, reason, createdBy)
}

/** The same change of place for many people at once (a whole round lapsing), in batches. */
export function recordWaitingListEvents(
  tx: WriteTx,
  personIds: readonly string[],
  event: WaitingListEventsTable['event'],
  reason: string,
  createdBy: string,
): Promise<void> {
  const createdAt = new Date().toISOString()
  return insertInBatches(
    tx,
    'waiting_list_events',
    personIds.map((personId) => ({ personId, event, reason, createdBy, createdAt })),
  )
}

export function waitingListHistory(tx: ReadTx, personId: string): Promise<WaitingListEvent[]> {
  return tx
    .selectFrom('waiting_list_events')
    .selectAll()
    .where('personId', '=', personId)
    .orderBy('id')
    .execute()
}

/** The person's place on the waiting list, in the list's own order, and the list's length. */
export async function placeOnList(
  tx: ReadTx,
  personId: string,
): Promise<{ position: number; total: number } | undefined> {
  const waiting = waitingListOrder(
    await tx
      .selectFrom('people')
      .select(['id', 'joinedWaitingList', 'onWaitingList'])
      .where('onWaitingList', '=', 1)
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, onWaitingList: true }))),
  )
  const found = waiting.find((person) => person.id === personId)
  return found && { position: found.position, total: waiting.length }
}

/**
 * Closes open offers, one by id or all of a person's (they accepted a plot, or were removed):
 * both links' hashes go, so no link of theirs works any more.
 */
export async function closeOffers(
  tx: WriteTx,
  which: { id: number } | { personId: string },
  status: OffersTable['status'],
): Promise<void> {
  await tx
    .updateTable('offers')
    .set({
      status,
      answeredAt: new Date().toISOString(),
      acceptTokenHash: null,
      declineTokenHash: null,
    })
    .where('status', '=', 'open')
    .where((eb) => ('id' in which ? eb('id', '=', which.id) : eb('personId', '=', which.personId)))
    .execute()
}
