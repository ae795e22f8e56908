import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { offerMessages } from '#shared/messages/offers'
import type { MyStillWant } from '#shared/schemas/letting'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { badRequest, notFound } from '#server/core/errors'
import { loggedWrite, PUBLIC } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { Letting } from '#server/features/letting/context'
import { STILL_WANT_LOCK } from '#server/features/letting/still-want'
import {
  answerWithTokenHash,
  markAnswered,
  openAnswerOf,
  type OpenAnswer,
} from '#server/features/letting/still-want-sql'
import { hashOf } from '#server/core/link-tokens'

/** The still-want answer a link's token stands for, while its round is open. */
export const stillWantOfToken = (tx: ReadTx, token: string) =>
  answerWithTokenHash(tx, hashOf(token))

/** The person says, through their link, that they still want a plot: single-use. */
export function stayOnList(letting: Letting, token: string): Promise<{ closesOn: string }> {
  return answerStillWant(
    letting,
    (tx) => stillWantOfToken(tx, token),
    () => badRequest(offerMessages.linkUnusable),
    PUBLIC,
  )
}

/** This year's question as the member sees it in My allotment; null when none is open. */
export async function myStillWant(
  { db }: Pick<Letting, 'db'>,
  personId: string,
): Promise<MyStillWant> {
  const answer = await openAnswerOf(db.kysely, personId)
  return answer ? { closesOn: answer.closesOn, answered: answer.answeredAt !== null } : null
}

/** The member answers in My allotment, as the e-mailed link would; that link then stops working. */
export function stayOnListAsMember(
  letting: Letting,
  viewer: Viewer,
  personId: string,
): Promise<{ closesOn: string }> {
  return answerStillWant(
    letting,
    (tx) => openAnswerOf(tx, personId),
    () => notFound(myAllotmentMessages.noStillWantQuestion),
    viewer.userName,
  )
}

async function answerStillWant(
  { db, clock }: Letting,
  find: (tx: WriteTx) => Promise<OpenAnswer | undefined>,
  missing: () => Error,
  userName: string,
): Promise<{ closesOn: string }> {
  return loggedWrite(db, [STILL_WANT_LOCK], async (tx, log) => {
    const answer = await find(tx)
    if (!answer) throw missing()
    // Said already (by link or on the page): the answer stands, nothing to record twice.
    if (answer.answeredAt) return { closesOn: answer.closesOn }
    await markAnswered(tx, answer.id, clock.now())
    log(
      { methodName: 'stillWantPlot', eventCollection: 'people', docId: answer.personId, userName },
      { year: answer.year },
    )
    return { closesOn: answer.closesOn }
  })
}
