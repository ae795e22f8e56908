import { useQuery } from '@tanstack/react-query'
import { eventWhen } from '#shared/domain/calendar'
import { calendarMessages as words } from '#shared/messages/calendar'
import { publicEventsQuery } from './api.ts'

// The public events coming up (issue 48), on the News page, with the public feed for a phone's
// calendar to subscribe to. With none (or until they arrive) nothing is shown: the page is the
// news's.
export function PublicEvents() {
  const { data: events = [] } = useQuery(publicEventsQuery)
  if (events.length === 0) return null
  return (
    <section className="public-events" aria-labelledby="public-events-heading">
      <h2 id="public-events-heading">{words.upcomingHeading}</h2>
      <ul className="public-events__list">
        {events.map((event) => (
          <li key={event.id}>
            <h3>{event.title}</h3>
            <p>{eventWhen(event)}</p>
            {event.place ? <p>{event.place}</p> : null}
            {event.description ? (
              <p className="public-events__description">{event.description}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        <a href="/api/calendar/public.ics">{words.publicFeed}</a>
      </p>
    </section>
  )
}
