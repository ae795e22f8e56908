import { offerMessages } from '#shared/messages/offers'
import type { ReadTx } from '#server/core/db/write-transaction'
import { badRequest } from '#server/core/errors'
import { loggedWrite, PUBLIC } from '#server/core/logged-change'
import type { Letting } from '#server/features/letting/context'
import { STILL_WANT_LOCK } from '#server/features/letting/still-want'
import { answerWithTokenHash, markAnswered } from '#server/features/letting/still-want-sql'
import { hashOf } from '#server/core/link-tokens'

/** The still-want answer a link's token stands for, while its round is open. */
export const stillWantOfToken = (tx: ReadTx, token: string) =>
  answerWithTokenHash(tx, hashOf(token))

/** The person says, through their link, that they still want a plot: single-use. */
export function stayOnList({ db, clock }: Letting, token: string): Promise<{ closesOn: string }> {
  return loggedWrite(db, [STILL_WANT_LOCK], async (tx, log) => {
    const answer = await stillWantOfToken(tx, token)
    if (!answer) throw badRequest(offerMessages.linkUnusable)
    await markAnswered(tx, answer.id, clock.now())
    log(
      {
        methodName: 'stillWantPlot',
        eventCollection: 'people',
        docId: answer.personId,
        userName: PUBLIC,
      },
      { year: answer.year },
    )
    return { closesOn: answer.closesOn }
  })
}
