import { fullName } from '#shared/domain/message-copies'
import type { Offer, OfferChoices } from '#shared/schemas/letting'
import type { ReadTx } from '#server/core/db/write-transaction'
import { waitingListInOrder } from '#server/features/people/waiting-list-sql'
import { plotIdsOf, vacantPlotIds } from '#server/features/plots/sql'
import { firstOpenSite } from '#server/features/sites/sql'
import type { Letting } from '#server/features/letting/context'
import { withNames } from '#server/features/letting/offer-view'
import { confirmedApplicationsOf } from '#server/features/letting/applications-sql'
import {
  latestClosedOffers,
  openOffers,
  peopleWithOpenOffers,
  plotsWithOpenOffers,
} from '#server/features/letting/sql'
import type { SiteScope } from '#server/core/site-scope'

/**
 * The site's waiting list in order, with whether each person is already considering an offer, and
 * the note those who applied on the website wrote to the committee.
 */
export async function waitingWithOffers(
  tx: ReadTx,
  siteId: number,
): Promise<OfferChoices['waiting']> {
  const [waiting, offered, applications] = await Promise.all([
    waitingListInOrder(tx, siteId),
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

/**
 * Who can be offered a plot, and the plots that can be offered (vacant, not offered now), of one
 * site (decision 47): the one the screen asks for (`?site=`), else the first the scope reaches. A
 * plot is offered from its own site's list.
 */
export async function offerChoices({ db }: Letting, scope: SiteScope): Promise<OfferChoices> {
  const siteId = scope.sites?.[0] ?? (await firstOpenSite(db.kysely)).id
  const [waiting, vacant, offered] = await Promise.all([
    waitingWithOffers(db.kysely, siteId),
    vacantPlotIds(db.kysely, { sites: [siteId] }),
    plotsWithOpenOffers(db.kysely),
  ])
  return { waiting, vacantPlots: vacant.filter((plotId) => !offered.has(plotId)) }
}

/** Open offers of the scope's plots, soonest deadline first, and the latest hundred closed ones. */
export async function listOffers(
  { db }: Letting,
  scope: SiteScope,
): Promise<{ open: Offer[]; closed: Offer[] }> {
  const plots = scope.sites && (await plotIdsOf(db.kysely, scope))
  const [open, closed] = await Promise.all([
    openOffers(db.kysely, plots),
    latestClosedOffers(db.kysely, 100, plots),
  ])
  const named = await withNames(db.kysely, [...open, ...closed])
  return { open: named.slice(0, open.length), closed: named.slice(open.length) }
}
