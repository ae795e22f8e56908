import { offerAnswerable } from '#shared/domain/letting'
import { offerMessages } from '#shared/messages/offers'
import type { TokenPreview } from '#shared/schemas/letting'
import { badRequest } from '#server/core/errors'
import { nameOfPlot } from '#server/features/plots/sql'
import { answerByToken, offerOfToken } from '#server/features/letting/answer-offer'
import type { Letting } from '#server/features/letting/context'
import { stayOnList, stillWantOfToken } from '#server/features/letting/stay-on-list'

// The page a link in an offer or in the yearly question opens: first what the token is for,
// then, when the person presses the button, the answer (a link that only loads does nothing, so
// a mail scanner that follows links cannot accept a plot).

/** What a link's token stands for, while it can still be used. */
export async function previewLink({ db, clock }: Letting, token: string): Promise<TokenPreview> {
  const offer = await offerOfToken(db.kysely, token)
  if (offer && offerAnswerable(offer.offer, clock.today())) {
    const { plotId, deadline } = offer.offer
    return { action: offer.answer, plotName: await nameOfPlot(db.kysely, plotId), deadline }
  }
  const stillWant = await stillWantOfToken(db.kysely, token)
  if (stillWant) return { action: 'stay', closesOn: stillWant.closesOn }
  throw badRequest(offerMessages.linkUnusable)
}

/** Does what the link is for: stays on the list, or answers the offer. */
export async function useLink(letting: Letting, token: string): Promise<TokenPreview> {
  if (await stillWantOfToken(letting.db.kysely, token))
    return { action: 'stay', ...(await stayOnList(letting, token)) }
  return answerByToken(letting, token)
}
