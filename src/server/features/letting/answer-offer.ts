import { offerAnswerable } from '#shared/domain/letting'
import { offerMessages } from '#shared/messages/offers'
import type { MyOffer, Offer } from '#shared/schemas/letting'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type { ReadTx } from '#server/core/db/write-transaction'
import { badRequest, conflict, notFound } from '#server/core/errors'
import { loggedChange, PUBLIC, recordKey, type LoggedChange } from '#server/core/logged-change'
import { EVERY_SITE, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { namesOfPlots } from '#server/features/plots/sql'
import { acceptOffer } from '#server/features/letting/accept-offer'
import type { Letting } from '#server/features/letting/context'
import { declineOffer } from '#server/features/letting/decline-offer'
import { requireOfferRow, requirePlotInScope } from '#server/features/letting/offer-view'
import { offerById } from '#server/features/letting/offer-view'
import {
  offerRow,
  offersOpenTo,
  offerWithTokenHash,
  type OfferRow,
} from '#server/features/letting/sql'
import { hashOf } from '#server/core/link-tokens'

// An offer is answered through a link in its e-mail (by the person: logged as the public), or by
// the committee for an answer given by letter, telephone or in person.

export type Answer = 'accept' | 'decline'

/** The offer a link's token answers, and how; a token matches one column only. */
export async function offerOfToken(
  tx: ReadTx,
  token: string,
): Promise<{ offer: OfferRow; answer: Answer } | undefined> {
  const hash = hashOf(token)
  const offer = await offerWithTokenHash(tx, hash)
  return offer && { offer, answer: offer.acceptTokenHash === hash ? 'accept' : 'decline' }
}

/** Answers an offer through its link, single-use and only up to the deadline: what it did. */
export async function answerByToken(
  letting: Letting,
  token: string,
): Promise<{ action: Answer; plotName: string; deadline: string }> {
  const found = await offerOfToken(letting.db.kysely, token)
  if (!found || !offerAnswerable(found.offer, letting.clock.today()))
    throw badRequest(offerMessages.linkUnusable)
  const { plotName, deadline } = await answerOffer(letting, found.offer, found.answer, PUBLIC, {
    tokenHash: hashOf(token),
  })
  // The plot by its name, as the link's page says it (TokenPreview).
  return { action: found.answer, plotName, deadline }
}

/** The committee records an answer given by letter, telephone or in person. */
export async function recordAnswer(
  letting: Letting,
  viewer: Viewer,
  scope: SiteScope,
  offerId: number,
  answer: Answer,
): Promise<Offer> {
  const offer = await requireOfferRow(letting.db.kysely, offerId)
  return answerOffer(letting, offer, answer, viewer.userName, { scope })
}

/** The member's open offers (issue 29). */
export async function myOffers({ db }: Pick<Letting, 'db'>, personId: string): Promise<MyOffer[]> {
  const offers = await offersOpenTo(db.kysely, personId)
  const names = await namesOfPlots(
    db.kysely,
    offers.map((offer) => offer.plotId),
  )
  return offers.map(({ id, plotId, deadline, status }) => ({
    id,
    plotId,
    plotName: names.get(plotId) ?? plotId,
    deadline,
    status,
  }))
}

/** The member answers their own offer in My allotment, as the e-mailed link would. */
export async function answerMyOffer(
  letting: Letting,
  viewer: Viewer,
  personId: string,
  offerId: number,
  answer: Answer,
): Promise<MyOffer> {
  const offer = await offerRow(letting.db.kysely, offerId)
  if (offer?.personId !== personId) throw notFound(myAllotmentMessages.offerNotYours)
  const { id, plotId, plotName, deadline, status } = await answerOffer(
    letting,
    offer,
    answer,
    viewer.userName,
  )
  return { id, plotId, plotName, deadline, status }
}

/** How an answer came: by a link (its token's hash), or from the committee (their scope). */
interface AnsweredBy {
  tokenHash?: string
  scope?: SiteScope
}

function answerOffer(
  letting: Letting,
  { id, plotId, personId }: OfferRow,
  answer: Answer,
  userName: string,
  { tokenHash, scope = EVERY_SITE }: AnsweredBy = {},
): Promise<Offer> {
  const change: LoggedChange = {
    methodName: answer === 'accept' ? 'acceptOffer' : 'declineOffer',
    eventCollection: 'plots',
    docId: plotId,
    userName,
    alsoLocks: [recordKey('people', personId)],
  }
  return loggedChange(
    letting.db,
    change,
    async (tx, log) => {
      await requirePlotInScope(tx, scope, plotId, change)
      // Read again under the locks: another answer, offer or tenancy may have come first.
      const offer = (await offerRow(tx, id))!
      const column = answer === 'accept' ? offer.acceptTokenHash : offer.declineTokenHash
      if (tokenHash !== undefined && column !== tokenHash)
        throw badRequest(offerMessages.linkUnusable)
      if (!offerAnswerable(offer, letting.clock.today())) throw conflict(offerMessages.offerClosed)
      if (answer === 'accept') await acceptOffer(letting, tx, log, offer, userName)
      else await declineOffer(letting, tx, offer, 'declined', userName)
      return offerById(tx, id)
    },
    { offerId: id, answer },
  )
}
