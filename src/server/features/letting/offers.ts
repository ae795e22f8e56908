import type { Selectable } from 'kysely'
import { z } from 'zod'
import {
  chooseOfferee,
  offerAnswerable,
  offerDeadline,
  offerExpiresOn,
} from '#shared/domain/letting'
import { copiesForOne, dearName, fullName, waysOf } from '#shared/domain/message-copies'
import { waitingListOrder } from '#shared/domain/people'
import { comparePlotIds } from '#shared/domain/plots'
import { offerMessages } from '#shared/offer-messages'
import type { NewOffer, Offer, OfferChoices } from '#shared/schemas/letting'
import type { Person } from '#shared/schemas/person'
import { associationDetails } from '#server/core/db/association-settings'
import type { OffersTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { badRequest, conflict, notFound, unlessRefused, unprocessable } from '#server/core/errors'
import type { OutgoingCopy } from '#server/core/email/copies'
import { deadlineAt, doubling, type JobKind } from '#server/core/jobs/runner'
import { AlreadyDone, loggedChange, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { requirePerson, updatePerson } from '#server/features/people/sql'
import { addTenant, findPlot } from '#server/features/plots/sql'
import { PUBLIC, SYSTEM, todayOf, type Letting } from '#server/features/letting/context'
import { lettingSettings } from '#server/features/letting/settings'
import { closeOffers } from '#server/features/letting/sql'
import { recordWaitingListEvent } from '#server/features/people/waiting-list-sql'
import { hashOf, linkTo, newToken } from '#server/features/letting/tokens'

// Offering a plot to someone on the waiting list. The offer goes to the next person in waiting
// order unless the committee gives a reason, which the log and the history of everyone passed
// over keep. It is open until its deadline: the person accepts or declines through a link in the
// e-mail (or tells the committee, who records it), and a job closes it the day after. Every
// change locks the plot and the person, so two offers of one plot, or one person accepting two
// offers, end with one tenancy.

export type Answer = 'accept' | 'decline'
type OfferRow = Selectable<OffersTable>

/** The waiting list in order, with whether each person is already considering an offer. */
async function waitingWithOffers(tx: ReadTx): Promise<OfferChoices['waiting']> {
  const [people, open] = await Promise.all([
    tx
      .selectFrom('people')
      .select(['id', 'firstName', 'lastName', 'joinedWaitingList'])
      .where('onWaitingList', '=', 1)
      .execute(),
    tx.selectFrom('offers').select('personId').where('status', '=', 'open').execute(),
  ])
  const offered = new Set(open.map((offer) => offer.personId))
  return waitingListOrder(people.map((person) => ({ ...person, onWaitingList: true }))).map(
    (person) => ({
      id: person.id,
      name: fullName(person),
      position: person.position,
      hasOpenOffer: offered.has(person.id),
    }),
  )
}

const hasOpenOffer = async (tx: ReadTx, plotId: string) =>
  (await tx
    .selectFrom('offers')
    .select('id')
    .where('plotId', '=', plotId)
    .where('status', '=', 'open')
    .executeTakeFirst()) !== undefined

export async function offerChoices(tx: ReadTx): Promise<OfferChoices> {
  const [waiting, vacant] = await Promise.all([
    waitingWithOffers(tx),
    tx
      .selectFrom('plots')
      .select('id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('tenancy').select('plotId').whereRef('tenancy.plotId', '=', 'plots.id'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('offers')
              .select('plotId')
              .whereRef('offers.plotId', '=', 'plots.id')
              .where('offers.status', '=', 'open'),
          ),
        ),
      )
      .execute(),
  ])
  return { waiting, vacantPlots: vacant.map((plot) => plot.id).sort(comparePlotIds) }
}

function offerQuery(tx: ReadTx) {
  return tx
    .selectFrom('offers')
    .leftJoin('people', 'people.id', 'offers.personId')
    .select([
      'offers.id',
      'offers.plotId',
      'offers.personId',
      'offers.channel',
      'offers.deadline',
      'offers.status',
      'offers.reason',
      'offers.createdBy',
      'offers.createdAt',
      'offers.answeredAt',
      'people.firstName',
      'people.lastName',
    ])
}

type OfferQueryRow = Awaited<ReturnType<ReturnType<typeof offerQuery>['execute']>>[number]
const toOffer = ({ firstName, lastName, ...offer }: OfferQueryRow): Offer => ({
  ...offer,
  personName: fullName({
    id: offer.personId,
    firstName: firstName ?? '',
    lastName: lastName ?? '',
  }),
})

/** Open offers, soonest deadline first, and the latest hundred closed ones. */
export async function listOffers(tx: ReadTx): Promise<{ open: Offer[]; closed: Offer[] }> {
  const [open, closed] = await Promise.all([
    offerQuery(tx)
      .where('offers.status', '=', 'open')
      .orderBy('offers.deadline')
      .orderBy('offers.id')
      .execute(),
    offerQuery(tx)
      .where('offers.status', '!=', 'open')
      .orderBy('offers.id', 'desc')
      .limit(100)
      .execute(),
  ])
  return { open: open.map(toOffer), closed: closed.map(toOffer) }
}

const offerRow = (tx: ReadTx, id: number) =>
  tx.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst()

async function requireOfferRow(tx: ReadTx, id: number): Promise<OfferRow> {
  const row = await offerRow(tx, id)
  if (!row) throw notFound(offerMessages.offerClosed)
  return row
}

async function offerById(tx: ReadTx, id: number): Promise<Offer> {
  const row = await offerQuery(tx).where('offers.id', '=', id).executeTakeFirst()
  if (!row) throw notFound(offerMessages.offerClosed)
  return toOffer(row)
}

const channelOf = (person: Person): Offer['channel'] => {
  const ways = waysOf(person)
  return ways.length === 2 ? 'both' : ways[0]!
}

export function offerExpiryJob(letting: Letting): JobKind<{ offerId: number }> {
  return {
    kind: 'offer-expiry',
    payload: z.object({ offerId: z.number().int() }),
    maxAttempts: 10,
    backOffMs: doubling(60_000, 3_600_000),
    run: ({ offerId }) => expireOffer(letting, offerId),
  }
}

/** Makes an offer: checks the plot and the choice, sends it, and sets its deadline's job. */
export async function makeOffer(letting: Letting, viewer: Viewer, input: NewOffer): Promise<Offer> {
  const { db, config, jobs } = letting
  const offer = await loggedChange(
    db,
    {
      methodName: 'offerPlot',
      eventCollection: 'plots',
      docId: input.plotId,
      userName: viewer.userName,
      alsoLocks: [recordKey('people', input.personId)],
    },
    async (tx) => {
      const today = todayOf(letting)
      const plot = await findPlot(tx, input.plotId)
      if (!plot) throw notFound(offerMessages.plotNotVacant)
      if (plot.tenants.length > 0) throw conflict(offerMessages.plotNotVacant)
      if (await hasOpenOffer(tx, plot.id)) throw conflict(offerMessages.plotAlreadyOffered)
      const { chosen, skipped } = unlessRefused(
        chooseOfferee(await waitingWithOffers(tx), input.personId, input.reason),
      )
      const person = await requirePerson(tx, chosen.id)
      const settings = await lettingSettings(tx)
      const deadline = offerDeadline(today, settings.offerDays)
      const accept = newToken()
      const decline = newToken()
      const reason = skipped.length > 0 ? input.reason : ''
      const { id } = await tx
        .insertInto('offers')
        .values({
          plotId: plot.id,
          personId: person.id,
          channel: channelOf(person),
          deadline,
          status: 'open',
          reason,
          acceptTokenHash: hashOf(accept),
          declineTokenHash: hashOf(decline),
          createdBy: viewer.userName,
          createdAt: jobs.clock().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordWaitingListEvent(
        tx,
        person.id,
        'offered',
        offerMessages.offeredReason(plot.id, deadline),
        viewer.userName,
      )
      for (const passed of skipped)
        await recordWaitingListEvent(
          tx,
          passed.id,
          'skipped',
          offerMessages.skippedReason(plot.id, chosen.name, reason),
          viewer.userName,
        )
      const association = (await associationDetails(tx, config)).name
      const name = dearName(person)
      const answerLink = (token: string) => linkTo(config, `/letting/answer?token=${token}`)
      await tellOfOffer(
        letting,
        tx,
        viewer.userName,
        copiesForOne(person, offerMessages.offerSubject(plot.id), (channel) =>
          channel === 'email'
            ? offerMessages.offerEmail(
                name,
                plot.id,
                deadline,
                answerLink(accept),
                answerLink(decline),
                association,
              )
            : offerMessages.offerLetter(name, plot.id, deadline, association),
        ),
      )
      await jobs.enqueue(
        tx,
        offerExpiryJob(letting),
        { offerId: id },
        deadlineAt(offerExpiresOn(deadline)),
      )
      // The log keeps the offer, with its reason; the skipped are in their own histories.
      return offerById(tx, id)
    },
    input,
  )
  jobs.wake()
  return offer
}

/** Sends a person the offer, or news of it, with the day's other offers in one batch. */
function tellOfOffer(letting: Letting, tx: WriteTx, userName: string, copiesOut: OutgoingCopy[]) {
  return letting.copies.queue(
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

/**
 * The committee takes back an open offer (made in error, or the plot cannot be let after all):
 * the person keeps their place, is told, and their links stop working. The reason stays in the
 * log and in their history.
 */
export async function withdrawOffer(
  letting: Letting,
  viewer: Viewer,
  offerId: number,
  reason: string,
): Promise<Offer> {
  const found = await requireOfferRow(letting.db.kysely, offerId)
  const withdrawn = await loggedChange(
    letting.db,
    {
      methodName: 'withdrawOffer',
      eventCollection: 'plots',
      docId: found.plotId,
      userName: viewer.userName,
      alsoLocks: [recordKey('people', found.personId)],
    },
    async (tx) => {
      if (reason === '') throw unprocessable(offerMessages.withdrawReasonRequired)
      const offer = (await offerRow(tx, offerId))!
      if (offer.status !== 'open') throw conflict(offerMessages.offerClosed)
      await closeOffers(tx, { id: offerId }, 'withdrawn')
      await recordWaitingListEvent(
        tx,
        offer.personId,
        'withdrawn',
        offerMessages.withdrawnReason(offer.plotId, reason),
        viewer.userName,
      )
      const person = await requirePerson(tx, offer.personId)
      const association = (await associationDetails(tx, letting.config)).name
      await tellOfOffer(
        letting,
        tx,
        viewer.userName,
        copiesForOne(person, offerMessages.withdrawnSubject(offer.plotId), () =>
          offerMessages.withdrawnText(
            dearName(person),
            offer.plotId,
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
  letting.jobs.wake()
  return withdrawn.offer
}

/** The offer a link's token answers, and how; a token matches one column only. */
export async function offerOfToken(
  tx: ReadTx,
  token: string,
): Promise<{ offer: OfferRow; answer: Answer } | undefined> {
  const hash = hashOf(token)
  const offer = await tx
    .selectFrom('offers')
    .selectAll()
    .where((eb) => eb.or([eb('acceptTokenHash', '=', hash), eb('declineTokenHash', '=', hash)]))
    .executeTakeFirst()
  return offer && { offer, answer: offer.acceptTokenHash === hash ? 'accept' : 'decline' }
}

/** Answers an offer through its link, single-use and only up to the deadline: what it did. */
export async function answerByToken(
  letting: Letting,
  token: string,
): Promise<{ action: Answer; plotId: string; deadline: string }> {
  const found = await offerOfToken(letting.db.kysely, token)
  if (!found || !offerAnswerable(found.offer, todayOf(letting)))
    throw badRequest(offerMessages.linkUnusable)
  const { plotId, deadline } = await answerOffer(
    letting,
    found.offer,
    found.answer,
    PUBLIC,
    hashOf(token),
  )
  return { action: found.answer, plotId, deadline }
}

/** The committee records an answer given by letter, telephone or in person. */
export async function recordAnswer(
  letting: Letting,
  viewer: Viewer,
  offerId: number,
  answer: Answer,
): Promise<Offer> {
  const offer = await requireOfferRow(letting.db.kysely, offerId)
  return answerOffer(letting, offer, answer, viewer.userName)
}

function answerOffer(
  letting: Letting,
  { id, plotId, personId }: OfferRow,
  answer: Answer,
  userName: string,
  tokenHash?: string,
): Promise<Offer> {
  return loggedChange(
    letting.db,
    {
      methodName: answer === 'accept' ? 'acceptOffer' : 'declineOffer',
      eventCollection: 'plots',
      docId: plotId,
      userName,
      alsoLocks: [recordKey('people', personId)],
    },
    async (tx) => {
      // Read again under the locks: another answer, offer or tenancy may have come first.
      const offer = (await offerRow(tx, id))!
      const today = todayOf(letting)
      const column = answer === 'accept' ? offer.acceptTokenHash : offer.declineTokenHash
      if (tokenHash !== undefined && column !== tokenHash)
        throw badRequest(offerMessages.linkUnusable)
      if (!offerAnswerable(offer, today)) throw conflict(offerMessages.offerClosed)
      if (answer === 'accept') await accept(tx, offer, userName, today)
      else await closeUnaccepted(letting, tx, offer, 'declined', userName)
      return offerById(tx, id)
    },
    { offerId: id, answer },
  )
}

// The spec's add-plot rules (a plot holder; dateJoined on a first plot) and off the waiting list.
// A plot let meanwhile, or full, refuses, and nothing changes.
async function accept(tx: WriteTx, offer: OfferRow, userName: string, today: string) {
  const plot = await findPlot(tx, offer.plotId)
  if (!plot || plot.occupied) throw conflict(offerMessages.plotLetMeanwhile)
  const person = await requirePerson(tx, offer.personId)
  await addTenant(tx, plot, person, today, { offWaitingList: true })
  await closeOffers(tx, { id: offer.id }, 'accepted')
  // Any other offer to them lapses: one person, one new plot.
  await closeOffers(tx, { personId: person.id }, 'withdrawn')
  if (person.onWaitingList)
    await recordWaitingListEvent(
      tx,
      person.id,
      'left',
      offerMessages.acceptedReason(plot.id),
      userName,
    )
}

// Declined, or not answered in time: recorded, and the person keeps their place or goes to the
// end of the list as the settings say.
async function closeUnaccepted(
  letting: Letting,
  tx: WriteTx,
  offer: OfferRow,
  status: 'declined' | 'expired',
  userName: string,
) {
  const { declineGoesToEnd } = await lettingSettings(tx)
  await closeOffers(tx, { id: offer.id }, status)
  const person = await requirePerson(tx, offer.personId)
  const toEnd = declineGoesToEnd && person.onWaitingList
  if (toEnd) await updatePerson(tx, { ...person, joinedWaitingList: todayOf(letting) })
  const reason =
    status === 'declined'
      ? offerMessages.declinedReason(offer.plotId, toEnd)
      : offerMessages.expiredReason(offer.plotId, toEnd)
  await recordWaitingListEvent(tx, person.id, 'declined', reason, userName)
}

/** The deadline's job: an offer still open the day after its deadline lapses. */
async function expireOffer(letting: Letting, offerId: number) {
  const offer = await offerRow(letting.db.kysely, offerId)
  if (!offer || offer.status !== 'open') return
  await loggedChange(
    letting.db,
    {
      methodName: 'expireOffer',
      eventCollection: 'plots',
      docId: offer.plotId,
      userName: SYSTEM,
      alsoLocks: [recordKey('people', offer.personId)],
    },
    async (tx) => {
      const current = (await offerRow(tx, offerId))!
      if (current.status !== 'open') return new AlreadyDone(undefined)
      const expiresOn = offerExpiresOn(current.deadline)
      // The calendar was moved back (TODAY): wait for the day.
      if (todayOf(letting) < expiresOn) {
        await letting.jobs.enqueue(tx, offerExpiryJob(letting), { offerId }, deadlineAt(expiresOn))
        return new AlreadyDone(undefined)
      }
      await closeUnaccepted(letting, tx, current, 'expired', SYSTEM)
      return { offerId, personId: current.personId }
    },
  )
}
