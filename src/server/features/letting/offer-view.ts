import { fullName } from '#shared/domain/message-copies'
import { offerMessages } from '#shared/messages/offers'
import type { Offer } from '#shared/schemas/letting'
import type { ReadTx } from '#server/core/db/write-transaction'
import { notFound } from '#server/core/errors'
import type { LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import { findPlot, namesAndSitesOfPlots } from '#server/features/plots/sql'
import { contactDetails } from '#server/features/people/sql'
import { offerRow, shownOffer, type OfferRow, type ShownOffer } from '#server/features/letting/sql'
import { confirmedApplicationsOf } from '#server/features/letting/applications-sql'

// An offer as the committee sees it: its row without the links' hashes, its plot's name and site,
// the person's name (their nickname once they have been removed) and the note they wrote when they
// applied on the website.

/** The offers, each with its plot's name and its person's name and note: a read of each. */
export async function withNames(tx: ReadTx, offers: readonly ShownOffer[]): Promise<Offer[]> {
  if (offers.length === 0) return []
  const ids = [...new Set(offers.map((offer) => offer.personId))]
  const [people, applications, plots] = await Promise.all([
    contactDetails(tx, ids),
    confirmedApplicationsOf(tx, ids),
    namesAndSitesOfPlots(
      tx,
      offers.map((offer) => offer.plotId),
    ),
  ])
  const byId = new Map(people.map((person) => [person.id, person]))
  const notes = new Map(applications.map((application) => [application.nickname, application.note]))
  return offers.map((offer) => ({
    ...offer,
    plotName: plots.get(offer.plotId)?.name ?? offer.plotId,
    siteId: plots.get(offer.plotId)?.siteId ?? 0,
    personName: fullName({
      firstName: '',
      lastName: '',
      ...byId.get(offer.personId),
      id: offer.personId,
    }),
    personNote: notes.get(offer.personId) ?? '',
  }))
}

/** The offer, as answered to the committee; 404 when there is none. */
export async function offerById(tx: ReadTx, id: number): Promise<Offer> {
  const offer = await shownOffer(tx, id)
  if (!offer) throw notFound(offerMessages.offerClosed)
  return (await withNames(tx, [offer]))[0]!
}

/**
 * The committee's action on an offer of that plot: refused (403) when the plot's site is outside
 * the scope; the change's log entry names the site.
 */
export async function requirePlotInScope(
  tx: ReadTx,
  scope: SiteScope,
  plotId: string,
  change: LoggedChange,
): Promise<void> {
  const plot = await findPlot(tx, plotId)
  if (!plot) return
  change.sites = [plot.siteId]
  requireSiteInScope(scope, plot.siteId)
}

/** The offer's row, for an action on it; 404 when there is none. */
export async function requireOfferRow(tx: ReadTx, id: number): Promise<OfferRow> {
  const row = await offerRow(tx, id)
  if (!row) throw notFound(offerMessages.offerClosed)
  return row
}
