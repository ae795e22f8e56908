import { lettingMessages } from '#shared/messages/letting'
import type { Place } from '#shared/schemas/letting'

/**
 * Where someone is on the list (issue 46): the spec's one sentence where they wait on one list,
 * or their place on each site's list, one line a site.
 */
export function PlaceLines({ place }: { place: Place }) {
  if (place.places.length < 2) return <p>{lettingMessages.position(place.position, place.total)}</p>
  return (
    <ul className="apply-places">
      {place.places.map((each) => (
        <li key={each.siteId}>
          {lettingMessages.positionAt(each.siteName, each.position, each.total)}
        </li>
      ))}
    </ul>
  )
}
