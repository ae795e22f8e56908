import { addMonths } from '#shared/domain/dates'
import {
  LETTINGS_WINDOW_MONTHS,
  typicalWaitMonths,
  type Letting,
} from '#shared/domain/typical-wait'
import type { PublicSite } from '#shared/schemas/site'
import type { ReadTx } from '#server/core/db/write-transaction'
import { acceptedOffers } from '#server/features/letting/sql'
import { letPlotCountsBySite } from '#server/features/people/sql'
import { joinedDays, openPlaceCountsBySite } from '#server/features/people/waiting-places-sql'
import { plotCountsBySite, plotSites } from '#server/features/plots/sql'
import { listSites } from '#server/features/sites/sql'

// Issue 46, item 5 (decision 51): every open site as the public is told of it. Counts, and the
// lettings' days only to work out a median: nothing of anyone.

/** Each site's lettings since `since`: the day its list was joined, and its offer accepted. */
async function lettingsSince(tx: ReadTx, since: string): Promise<Map<number, Letting[]>> {
  const accepted = await acceptedOffers(tx, since)
  const [sites, joined] = await Promise.all([
    plotSites(
      tx,
      accepted.map((offer) => offer.plotId),
    ),
    joinedDays(
      tx,
      accepted.map((offer) => offer.personId),
    ),
  ])
  const bySite = new Map<number, Letting[]>()
  for (const offer of accepted) {
    const siteId = sites.get(offer.plotId)
    const joinedOn = siteId && joined.get(`${offer.personId} ${siteId}`)
    if (!siteId || !joinedOn) continue
    const letting = { joined: joinedOn, accepted: offer.answeredAt!.slice(0, 10) }
    bySite.set(siteId, [...(bySite.get(siteId) ?? []), letting])
  }
  return bySite
}

/** The open sites, each with its plots let and vacant, those waiting and its typical wait. */
export async function ourSites(tx: ReadTx, today: string): Promise<PublicSite[]> {
  const [sites, plots, let_, waiting, lettings] = await Promise.all([
    listSites(tx),
    plotCountsBySite(tx),
    letPlotCountsBySite(tx),
    openPlaceCountsBySite(tx),
    lettingsSince(tx, addMonths(today, -LETTINGS_WINDOW_MONTHS)),
  ])
  return sites
    .filter((site) => !site.retiredOn)
    .map((site) => {
      const plotsLet = let_.get(site.id) ?? 0
      return {
        id: site.id,
        name: site.name,
        address: site.address,
        description: site.description,
        facilities: site.facilities,
        plotsLet,
        plotsVacant: (plots.get(site.id) ?? 0) - plotsLet,
        waiting: waiting.get(site.id) ?? 0,
        typicalWaitMonths: typicalWaitMonths(lettings.get(site.id) ?? []),
      }
    })
}
