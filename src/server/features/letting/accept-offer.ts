import { copiesForOne, dearName } from '#shared/domain/message-copies'
import { offerMessages } from '#shared/messages/offers'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import { associationDetails } from '#server/core/db/association-settings'
import type { WriteTx } from '#server/core/db/write-transaction'
import { conflict } from '#server/core/errors'
import type { LogEntry } from '#server/core/logged-change'
import { requirePerson } from '#server/features/people/sql'
import { recordWaitingListEvent } from '#server/features/people/waiting-list-sql'
import { endPlaces, openPlaceSites } from '#server/features/people/waiting-places-sql'
import { addTenant, findPlot } from '#server/features/plots/sql'
import { listSites } from '#server/features/sites/sql'
import type { Letting } from '#server/features/letting/context'
import { tellOfOffer } from '#server/features/letting/offer-letters'
import { lettingSettingsForSite } from '#server/features/letting/settings'
import { closeOffers, type OfferRow } from '#server/features/letting/sql'

/**
 * Accepting, inside the answer's write: the person becomes the plot's tenant by the spec's
 * add-plot rules (a plot holder; dateJoined as they become one) and leaves the plot's site's list.
 * A plot let meanwhile refuses, and nothing changes. Any other offer to them lapses: one person,
 * one new plot. The features above take part (rent invoices the rest of the year).
 *
 * Their places on other sites' lists end or stay as the letting settings say (decision 47), in
 * the same write, logged, and they are told which.
 */
export async function acceptOffer(
  letting: Letting,
  tx: WriteTx,
  log: LogEntry,
  offer: OfferRow,
  userName: string,
): Promise<void> {
  const { clock, hooks } = letting
  const plot = await findPlot(tx, offer.plotId)
  if (!plot || plot.occupied) throw conflict(offerMessages.plotLetMeanwhile)
  const person = await requirePerson(tx, offer.personId)
  const { otherPlacesOnAccept } = await lettingSettingsForSite(tx, plot.siteId)
  const others = (await openPlaceSites(tx, person.id)).filter((site) => site !== plot.siteId)
  const stay = otherPlacesOnAccept === 'stay' && others.length > 0
  await endPlaces(tx, person.id, stay ? [plot.siteId] : null, 'accepted')
  await addTenant(tx, plot, person, clock.today(), { offWaitingList: !stay })
  for (const part of hooks.plotLet) await part(tx, { plotId: plot.id, userName })
  await closeOffers(tx, { id: offer.id }, 'accepted', clock.now())
  await closeOffers(tx, { personId: person.id }, 'withdrawn', clock.now())
  const names = await siteNames(tx)
  const stayed = stay ? others.map((site) => names.get(site)!) : []
  if (person.onWaitingList)
    await recordWaitingListEvent(
      tx,
      person.id,
      'left',
      stay
        ? offerMessages.acceptedStayingReason(plot.id, stayed)
        : offerMessages.acceptedReason(plot.id),
      userName,
      clock.now(),
    )
  if (others.length === 0) return
  const places = { left: stay ? [] : others.map((site) => names.get(site)!), stayed }
  log(
    {
      methodName: stay ? 'keepWaitingPlaces' : 'endWaitingPlaces',
      eventCollection: 'people',
      docId: person.id,
      userName,
      sites: [plot.siteId, ...others],
    },
    { plotId: plot.id, sites: others, otherPlacesOnAccept },
  )
  await tellOfPlaces(letting, tx, userName, { person, plot, site: names.get(plot.siteId)!, places })
}

async function siteNames(tx: WriteTx): Promise<Map<number, string>> {
  return new Map((await listSites(tx)).map((site) => [site.id, site.name]))
}

/** The person hears which lists they left, or stay on, as they hear of their offers. */
async function tellOfPlaces(
  letting: Letting,
  tx: WriteTx,
  userName: string,
  told: {
    person: Person
    plot: Plot
    site: string
    places: { left: string[]; stayed: string[] }
  },
) {
  const { person, plot, site, places } = told
  const association = (await associationDetails(tx, letting.config)).name
  await tellOfOffer(
    letting,
    tx,
    userName,
    copiesForOne(person, offerMessages.placesSubject, () =>
      offerMessages.placesText(dearName(person), plot.name, site, places, association),
    ),
  )
}
