import { copiesForOne, dearName } from '#shared/domain/message-copies'
import { offerMessages } from '#shared/messages/offers'
import type { Offer } from '#shared/schemas/letting'
import { associationDetails } from '#server/core/db/association-settings'
import { conflict, unprocessable } from '#server/core/errors'
import { loggedChange, recordKey, type LoggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { requirePerson } from '#server/features/people/sql'
import { recordWaitingListEvent } from '#server/features/people/waiting-list-sql'
import { nameOfPlot } from '#server/features/plots/sql'
import type { Letting } from '#server/features/letting/context'
import { tellOfOffer } from '#server/features/letting/offer-letters'
import { offerById, requireOfferRow, requirePlotInScope } from '#server/features/letting/offer-view'
import { closeOffers, offerRow } from '#server/features/letting/sql'

/**
 * The committee takes back an open offer (made in error, or the plot cannot be let after all):
 * the person keeps their place, is told, and their links stop working. The reason stays in the
 * log and in their history.
 */
export async function withdrawOffer(
  letting: Letting,
  viewer: Viewer,
  scope: SiteScope,
  offerId: number,
  reason: string,
): Promise<Offer> {
  const { db, config, clock, jobs } = letting
  const found = await requireOfferRow(db.kysely, offerId)
  const change: LoggedChange = {
    methodName: 'withdrawOffer',
    eventCollection: 'plots',
    docId: found.plotId,
    userName: viewer.userName,
    alsoLocks: [recordKey('people', found.personId)],
  }
  const withdrawn = await loggedChange(
    db,
    change,
    async (tx) => {
      await requirePlotInScope(tx, scope, found.plotId, change)
      if (reason === '') throw unprocessable(offerMessages.withdrawReasonRequired)
      const offer = (await offerRow(tx, offerId))!
      if (offer.status !== 'open') throw conflict(offerMessages.offerClosed)
      await closeOffers(tx, { id: offerId }, 'withdrawn', clock.now())
      const plotName = await nameOfPlot(tx, offer.plotId)
      await recordWaitingListEvent(
        tx,
        offer.personId,
        'withdrawn',
        offerMessages.withdrawnReason(plotName, reason),
        viewer.userName,
        clock.now(),
      )
      const person = await requirePerson(tx, offer.personId)
      const association = (await associationDetails(tx, config)).name
      await tellOfOffer(
        letting,
        tx,
        viewer.userName,
        copiesForOne(person, offerMessages.withdrawnSubject(plotName), () =>
          offerMessages.withdrawnText(
            dearName(person),
            plotName,
            person.onWaitingList,
            association,
          ),
        ),
      )
      // The log keeps why, beside the offer (whose own reason is why it passed anyone over).
      return { offer: await offerById(tx, offerId), withdrawnBecause: reason }
    },
    { offerId, withdrawnBecause: reason },
  )
  jobs.wake()
  return withdrawn.offer
}
