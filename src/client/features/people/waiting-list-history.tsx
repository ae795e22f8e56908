import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { offerMessages } from '#shared/messages/offers'
import { waitingListMessages } from '#shared/messages/waiting-list'
import type { Person } from '#shared/schemas/person'
import { Alert } from '../../components/ui/alert.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { newOfferHref } from '../../lib/new-offer-href.ts'
import { shortDateTime } from '#shared/domain/dates'
import { waitingListHistoryQuery, waitingPlaceQuery } from './api.ts'
import { RestoreToList } from './restore-to-list.tsx'
import { SiteLists } from './site-lists.tsx'

// Where the person stands on the waiting list and why ("No. 3 of 11: joined …, after …"), and how
// their place came about, oldest first: joined, offered, declined…
// For someone on the list, the way to offer them a plot; for someone who lapsed from it, the way
// back to their old place. Someone off the list with no history there is shown none.
export function WaitingListHistory({ person }: { person: Person }) {
  const history = useQuery(waitingListHistoryQuery(person.id))
  const place = useQuery({ ...waitingPlaceQuery(person.id), enabled: person.onWaitingList })
  const [restored, setRestored] = useState(false)
  const events = history.data ?? []
  if (!person.onWaitingList && events.length === 0 && !restored) return null
  const lapsed = !person.onWaitingList && events.at(-1)?.event === 'lapsed'
  return (
    <section className="card" aria-labelledby="waiting-list-history-heading">
      <h3 id="waiting-list-history-heading">Place on the waiting list</h3>
      <Alert tone="success">{restored ? offerMessages.restored : ''}</Alert>
      {person.onWaitingList && place.data ? <p>{place.data.statement}</p> : null}
      {person.onWaitingList && place.data?.places ? (
        <SiteLists personId={person.id} places={place.data.places} />
      ) : null}
      {person.onWaitingList && person.reference ? <WaitingListReference person={person} /> : null}
      <QueryState query={history}>
        {(events) =>
          events.length === 0 ? (
            <p>{waitingListMessages.noWaitingListHistory}</p>
          ) : (
            <ul className="person-messages">
              {events.map((event) => (
                <li key={event.id}>
                  <time dateTime={event.createdAt}>{shortDateTime(event.createdAt)}</time>:{' '}
                  <strong>{waitingListMessages.waitingListEvent[event.event]}</strong>
                  {event.reason ? ` (${event.reason})` : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {person.onWaitingList ? (
        <p>
          <Link className="link-target" to={newOfferHref({ person: person.id })}>
            {offerMessages.makeOffer}
          </Link>
        </p>
      ) : null}
      {lapsed ? <RestoreToList id={person.id} onRestored={() => setRestored(true)} /> : null}
    </section>
  )
}

// The reference the person finds their place with at "Where am I on the list?", so that the
// committee can tell them it; it is sent to everyone on the list by the {reference} merge field.
function WaitingListReference({ person }: { person: Person }) {
  return (
    <>
      <p>
        {waitingListMessages.referenceLabel}: <strong>{person.reference}</strong>
      </p>
      {person.email ? null : (
        <p className="field__hint">{waitingListMessages.referenceNeedsEmail}</p>
      )}
    </>
  )
}
