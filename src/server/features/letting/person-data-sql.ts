import { scrubText } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { mergeMessages } from '#shared/messages/merge'
import { emailsOf, type Erasure, type PeopleMerge, type PersonKeys } from '#server/core/hooks'
import { closeOffers, offersOpenTo } from '#server/features/letting/sql'

// What letting keeps about one person, for their copy of it: their applications (by the nickname
// they were given, or an address of theirs), the offers made to them and their answers to the
// yearly question. No link's token.

export async function lettingDataOf(tx: ReadTx, person: PersonKeys) {
  const emails = emailsOf(person)
  const applications = await tx
    .selectFrom('applications')
    .select([
      'reference',
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'address',
      'note',
      'createdAt',
      'confirmedAt',
    ])
    .where((eb) =>
      emails.length
        ? eb.or([eb('nickname', '=', person.id), eb('email', 'in', emails)])
        : eb('nickname', '=', person.id),
    )
    .orderBy('id')
    .execute()
  const offers = await tx
    .selectFrom('offers')
    .select(['plotId', 'channel', 'deadline', 'status', 'reason', 'createdAt', 'answeredAt'])
    .where('personId', '=', person.id)
    .orderBy('id')
    .execute()
  const stillWant = await tx
    .selectFrom('still_want_answers')
    .innerJoin('still_want_rounds', 'still_want_rounds.id', 'still_want_answers.roundId')
    .select([
      'still_want_rounds.year',
      'still_want_rounds.askedOn',
      'still_want_rounds.closesOn',
      'still_want_answers.answeredAt',
    ])
    .where('still_want_answers.personId', '=', person.id)
    .orderBy('still_want_answers.id')
    .execute()
  return { applications, offers, stillWant }
}

/**
 * The person's erasure: their open offers are withdrawn, their applications lose every detail
 * they gave, the offers and yearly answers move to the marker's id (their links ended), and the
 * committee's reasons are scrubbed.
 */
export async function eraseLettingData(tx: WriteTx, erasure: Erasure) {
  await closeOffers(tx, { personId: erasure.id }, 'withdrawn', erasure.at)
  const emails = emailsOf(erasure)
  await tx
    .updateTable('applications')
    .set({
      nickname: erasure.newId,
      firstName: erasure.marker,
      lastName: '',
      email: '',
      phoneNumber: '',
      address: '',
      note: '',
      tokenHash: null,
    })
    .where((eb) =>
      emails.length
        ? eb.or([eb('nickname', '=', erasure.id), eb('email', 'in', emails)])
        : eb('nickname', '=', erasure.id),
    )
    .execute()
  await tx
    .updateTable('offers')
    .set({ personId: erasure.newId, acceptTokenHash: null, declineTokenHash: null })
    .where('personId', '=', erasure.id)
    .execute()
  await scrubText(tx, 'offers', ['reason'], erasure.details, erasure.marker, {
    column: 'personId',
    in: [erasure.newId],
  })
  await tx
    .updateTable('still_want_answers')
    .set({ personId: erasure.newId, tokenHash: null })
    .where('personId', '=', erasure.id)
    .execute()
}

/**
 * Two records of one person cannot both be considering a plot (issue 46): one offer must close
 * first, answered or withdrawn.
 */
export async function offersBlockMerge(tx: ReadTx, { kept, merged }: PeopleMerge) {
  const [keptOffer] = await offersOpenTo(tx, kept.id)
  const [mergedOffer] = await offersOpenTo(tx, merged.id)
  return keptOffer && mergedOffer
    ? [mergeMessages.bothOffered(keptOffer.plotId, mergedOffer.plotId)]
    : []
}

/**
 * A merge (issue 46): the merged record's offers (an open one's links still working), the
 * applications it came from and its answers to the yearly question become the kept record's; of
 * two answers to one round, the one given stays.
 */
export async function mergeLettingData(tx: WriteTx, { kept, merged }: PeopleMerge) {
  const answers = await tx
    .selectFrom('still_want_answers')
    .select(['id', 'roundId', 'personId', 'answeredAt'])
    .where('personId', 'in', [kept.id, merged.id])
    .orderBy('id')
    .execute()
  const twice = answers.filter(
    (answer) =>
      answer.personId === merged.id &&
      answers.some((other) => other.personId === kept.id && other.roundId === answer.roundId),
  )
  for (const answer of twice) {
    const keptAnswer = answers.find((a) => a.personId === kept.id && a.roundId === answer.roundId)!
    // The kept record's question goes if only the merged record's was answered.
    const goes = keptAnswer.answeredAt === null && answer.answeredAt !== null ? keptAnswer : answer
    await tx.deleteFrom('still_want_answers').where('id', '=', goes.id).execute()
  }
  await tx
    .updateTable('still_want_answers')
    .set({ personId: kept.id })
    .where('personId', '=', merged.id)
    .execute()
  const offers = await tx
    .updateTable('offers')
    .set({ personId: kept.id })
    .where('personId', '=', merged.id)
    .returning('id')
    .execute()
  await tx
    .updateTable('applications')
    .set({ nickname: kept.id })
    .where('nickname', '=', merged.id)
    .execute()
  return { offers: offers.map((offer) => offer.id) }
}
