import { chooseOfferee, offerDeadline, offerExpiresOn } from '#shared/domain/letting'
import { copiesForOne, dearName, waysOf } from '#shared/domain/message-copies'
import { offerMessages } from '#shared/messages/offers'
import type { NewOffer, Offer, OfferChoices } from '#shared/schemas/letting'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import { associationDetails } from '#server/core/db/association-settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { conflict, notFound, unlessRefused } from '#server/core/errors'
import { deadlineAt } from '#server/core/jobs/runner'
import { loggedChange, recordKey, type LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { requirePerson } from '#server/features/people/sql'
import { recordWaitingListEvent } from '#server/features/people/waiting-list-sql'
import { findPlot } from '#server/features/plots/sql'
import type { Letting } from '#server/features/letting/context'
import { offerExpiryJob } from '#server/features/letting/expire-offer'
import { waitingWithOffers } from '#server/features/letting/list-offers'
import { tellOfOffer } from '#server/features/letting/offer-letters'
import { offerById } from '#server/features/letting/offer-view'
import { lettingSettingsForSite } from '#server/features/letting/settings'
import { insertOffer, plotHasOpenOffer } from '#server/features/letting/sql'
import { hashOf, linkTo, newToken } from '#server/core/link-tokens'

// Offering a plot to someone on the waiting list. The offer goes to the next person in waiting
// order unless the committee gives a reason, which the log and the history of everyone passed
// over keep. It is open until its deadline: the person accepts or declines through a link in the
// e-mail (or tells the committee, who records it; answer-offer.ts), and a job closes it the day
// after (expire-offer.ts). Every change of an offer locks the plot and the person, so two offers
// of one plot, or one person accepting two offers, end with one tenancy.

/** Makes an offer: checks the plot and the choice, sends it, and sets its deadline's job. */
export async function makeOffer(
  letting: Letting,
  viewer: Viewer,
  scope: SiteScope,
  input: NewOffer,
): Promise<Offer> {
  const { db, clock, jobs } = letting
  const change: LoggedChange = {
    methodName: 'offerPlot',
    eventCollection: 'plots',
    docId: input.plotId,
    userName: viewer.userName,
    alsoLocks: [recordKey('people', input.personId)],
  }
  const offer = await loggedChange(
    db,
    change,
    async (tx) => {
      const plot = await plotToOffer(tx, scope, input.plotId, change)
      // The plot's own site's list (decision 47).
      const { chosen, skipped } = unlessRefused(
        chooseOfferee(await waitingWithOffers(tx, plot.siteId), input.personId, input.reason),
      )
      const person = await requirePerson(tx, chosen.id)
      const { offerDays } = await lettingSettingsForSite(tx, plot.siteId)
      const deadline = offerDeadline(clock.today(), offerDays)
      const tokens = { accept: newToken(), decline: newToken() }
      const reason = skipped.length > 0 ? input.reason : ''
      const id = await storeOffer(letting, tx, { plot, person, deadline, reason, tokens }, viewer)
      await noteInHistories(
        tx,
        { plot, person, deadline, reason, skipped, chosen },
        viewer,
        clock.now(),
      )
      await sendOffer(letting, tx, { plot, person, deadline, tokens }, viewer)
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

interface Tokens {
  accept: string
  decline: string
}

/** The plot, if it can be offered: in the scope, not let, and not offered to anyone else now. */
async function plotToOffer(
  tx: ReadTx,
  scope: SiteScope,
  plotId: string,
  change: LoggedChange,
): Promise<Plot> {
  const plot = await findPlot(tx, plotId)
  if (!plot) throw notFound(offerMessages.plotNotVacant)
  change.sites = [plot.siteId]
  requireSiteInScope(scope, plot.siteId)
  if (plot.occupied) throw conflict(offerMessages.plotNotVacant)
  if (await plotHasOpenOffer(tx, plot.id)) throw conflict(offerMessages.plotAlreadyOffered)
  return plot
}

/** How the offer reaches them: by e-mail, by post, or both. */
function channelOf(person: Person): Offer['channel'] {
  const ways = waysOf(person)
  return ways.length === 2 ? 'both' : ways[0]!
}

/** The offer's row, open, with only its links' hashes kept; its id. */
function storeOffer(
  { clock }: Letting,
  tx: WriteTx,
  offer: { plot: Plot; person: Person; deadline: string; reason: string; tokens: Tokens },
  viewer: Viewer,
): Promise<number> {
  return insertOffer(tx, {
    plotId: offer.plot.id,
    personId: offer.person.id,
    channel: channelOf(offer.person),
    deadline: offer.deadline,
    status: 'open',
    reason: offer.reason,
    acceptTokenHash: hashOf(offer.tokens.accept),
    declineTokenHash: hashOf(offer.tokens.decline),
    createdBy: viewer.userName,
    createdAt: clock.now().toISOString(),
  })
}

/** The offer in the person's history, and in the history of everyone it passed over, with why. */
async function noteInHistories(
  tx: WriteTx,
  offer: {
    plot: Plot
    person: Person
    deadline: string
    reason: string
    skipped: OfferChoices['waiting']
    chosen: OfferChoices['waiting'][number]
  },
  viewer: Viewer,
  now: Date,
) {
  const { plot, person, deadline, reason, skipped, chosen } = offer
  await recordWaitingListEvent(
    tx,
    person.id,
    'offered',
    offerMessages.offeredReason(plot.id, deadline),
    viewer.userName,
    now,
  )
  for (const passed of skipped)
    await recordWaitingListEvent(
      tx,
      passed.id,
      'skipped',
      offerMessages.skippedReason(plot.id, chosen.name, reason),
      viewer.userName,
      now,
    )
}

/**
 * The offer by e-mail, with its two links, or by letter, as the person hears from us: the plot by
 * its name (its key differs on a second site's "1").
 */
async function sendOffer(
  letting: Letting,
  tx: WriteTx,
  offer: { plot: Plot; person: Person; deadline: string; tokens: Tokens },
  viewer: Viewer,
) {
  const { plot, person, deadline, tokens } = offer
  const association = (await associationDetails(tx, letting.config)).name
  const name = dearName(person)
  const answerLink = (token: string) => linkTo(letting.config, `/letting/answer?token=${token}`)
  await tellOfOffer(
    letting,
    tx,
    viewer.userName,
    copiesForOne(person, offerMessages.offerSubject(plot.name), (channel) =>
      channel === 'email'
        ? offerMessages.offerEmail(
            name,
            plot.name,
            deadline,
            answerLink(tokens.accept),
            answerLink(tokens.decline),
            association,
          )
        : offerMessages.offerLetter(name, plot.name, deadline, association),
    ),
  )
}
