import { waitingListOrder } from '#shared/domain/people'
import type { WaitingListEvent } from '#shared/schemas/letting'
import type { WaitingListEventsTable } from '#server/core/db/schema'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The waiting list's history and order. The history is the people feature's (a person added to
// the list, moved off it); letting records into it too (offers, the yearly question, lapsing).

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
