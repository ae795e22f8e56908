import { fullName } from '#shared/domain/message-copies'
import type { Offer, OfferChoices } from '#shared/schemas/letting'
import type { ReadTx } from '#server/core/db/write-transaction'
import { waitingListInOrder } from '#server/features/people/waiting-list-sql'
import { vacantPlotIds } from '#server/features/plots/sql'
import type { Letting } from '#server/features/letting/context'
import { withNames } from '#server/features/letting/offer-view'
import { confirmedApplicationsOf } from '#server/features/letting/applications-sql'
import {
  latestClosedOffers,
  openOffers,
  peopleWithOpenOffers,
  plotsWithOpenOffers,
} from '#server/features/letting/sql'

/**
 * The waiting list in order, with whether each person is already considering an offer, and the
 * note those who applied on the website wrote to the committee.
 */
export async function waitingWithOffers(tx: ReadTx): Promise<OfferChoices['waiting']> {
  const [waiting, offered, applications] = await Promise.all([
    waitingListInOrder(tx),
    peopleWithOpenOffers(tx),
    confirmedApplicationsOf(tx),
  ])
  const notes = new Map(applications.map((application) => [application.nickname, application.note]))
  return waiting.map((person) => ({
    id: person.id,
    name: fullName(person),
    position: person.position,
    hasOpenOffer: offered.has(person.id),
    note: notes.get(person.id) ?? '',
  }))
}

/** Who can be offered a plot, and the plots that can be offered: vacant, and not offered now. */
export async function offerChoices({ db }: Letting): Promise<OfferChoices> {
  const [waiting, vacant, offered] = await Promise.all([
    waitingWithOffers(db.kysely),
    vacantPlotIds(db.kysely),
    plotsWithOpenOffers(db.kysely),
  ])
  return { waiting, vacantPlots: vacant.filter((plotId) => !offered.has(plotId)) }
}

/** Open offers, soonest deadline first, and the latest hundred closed ones. */
export async function listOffers({ db }: Letting): Promise<{ open: Offer[]; closed: Offer[] }> {
  const [open, closed] = await Promise.all([
    openOffers(db.kysely),
    latestClosedOffers(db.kysely, 100),
  ])
  const named = await withNames(db.kysely, [...open, ...closed])
  return { open: named.slice(0, open.length), closed: named.slice(open.length) }
}
