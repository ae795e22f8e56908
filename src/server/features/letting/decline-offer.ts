import { offerMessages } from '#shared/messages/offers'
import type { WriteTx } from '#server/core/db/write-transaction'
import { requirePerson, updatePerson } from '#server/features/people/sql'
import { recordJoining, recordWaitingListEvent } from '#server/features/people/waiting-list-sql'
import { findPlot } from '#server/features/plots/sql'
import type { Letting } from '#server/features/letting/context'
import { lettingSettingsForSite } from '#server/features/letting/settings'
import { closeOffers, type OfferRow } from '#server/features/letting/sql'

/**
 * Declined, or not answered in time (expire-offer.ts), inside that write: recorded, and the
 * person keeps their place or goes to the end of the list as the plot's site's settings say.
 */
export async function declineOffer(
  { clock }: Letting,
  tx: WriteTx,
  offer: OfferRow,
  status: 'declined' | 'expired',
  userName: string,
): Promise<void> {
  const plot = await findPlot(tx, offer.plotId)
  const { declineGoesToEnd } = await lettingSettingsForSite(tx, plot?.siteId)
  await closeOffers(tx, { id: offer.id }, status, clock.now())
  const person = await requirePerson(tx, offer.personId)
  const toEnd = declineGoesToEnd && person.onWaitingList
  const plotName = plot?.name ?? offer.plotId
  const reason =
    status === 'declined'
      ? offerMessages.declinedReason(plotName, toEnd)
      : offerMessages.expiredReason(plotName, toEnd)
  if (!toEnd) {
    await recordWaitingListEvent(tx, person.id, 'declined', reason, userName, clock.now())
    return
  }
  // To the end of the plot's site's list (decision 47): a new place there, as if joining now.
  const joining = await recordJoining(tx, person.id, 'declined', reason, userName, clock.now())
  await updatePerson(
    tx,
    { ...person, joinedWaitingList: clock.today(), ...joining },
    plot ? { waitingSites: [plot.siteId] } : {},
  )
}
