import type { OffersTable } from '#server/core/db/schema'
import type { WriteTx } from '#server/core/db/write-transaction'

// Letting's own tables: applications, offers, still_want_rounds, still_want_answers.

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
