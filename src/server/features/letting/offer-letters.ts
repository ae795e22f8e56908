import { offerMessages } from '#shared/messages/offers'
import type { WriteTx } from '#server/core/db/write-transaction'
import type { OutgoingCopy } from '#server/core/email/copies'
import type { Letting } from '#server/features/letting/context'

/** Sends a person the offer, or news of it, with the day's other offers in one batch. */
export function tellOfOffer(
  { copies }: Letting,
  tx: WriteTx,
  userName: string,
  copiesOut: OutgoingCopy[],
) {
  return copies.queue(
    tx,
    {
      subject: offerMessages.offerBatch,
      body: offerMessages.offerBatch,
      audience: offerMessages.offerAudience,
      createdBy: userName,
      key: 'offers',
    },
    copiesOut,
  )
}
