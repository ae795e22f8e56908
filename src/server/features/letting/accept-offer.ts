import { offerMessages } from '#shared/messages/offers'
import type { WriteTx } from '#server/core/db/write-transaction'
import { conflict } from '#server/core/errors'
import { requirePerson } from '#server/features/people/sql'
import { recordWaitingListEvent } from '#server/features/people/waiting-list-sql'
import { addTenant, findPlot } from '#server/features/plots/sql'
import type { Letting } from '#server/features/letting/context'
import { closeOffers, type OfferRow } from '#server/features/letting/sql'

/**
 * Accepting, inside the answer's write: the person becomes the plot's tenant by the spec's
 * add-plot rules (a plot holder; dateJoined as they become one) and leaves the waiting list. A plot
 * let meanwhile refuses, and nothing changes. Any other offer to them lapses: one person, one new
 * plot. The features above take part (rent invoices the rest of the year).
 */
export async function acceptOffer(
  { clock, hooks }: Letting,
  tx: WriteTx,
  offer: OfferRow,
  userName: string,
): Promise<void> {
  const plot = await findPlot(tx, offer.plotId)
  if (!plot || plot.occupied) throw conflict(offerMessages.plotLetMeanwhile)
  const person = await requirePerson(tx, offer.personId)
  await addTenant(tx, plot, person, clock.today(), { offWaitingList: true })
  for (const part of hooks.plotLet) await part(tx, { plotId: plot.id, userName })
  await closeOffers(tx, { id: offer.id }, 'accepted', clock.now())
  await closeOffers(tx, { personId: person.id }, 'withdrawn', clock.now())
  if (person.onWaitingList)
    await recordWaitingListEvent(
      tx,
      person.id,
      'left',
      offerMessages.acceptedReason(plot.id),
      userName,
      clock.now(),
    )
}
