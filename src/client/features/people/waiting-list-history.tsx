import { useQuery } from '@tanstack/react-query'
import { waitingListMessages } from '#shared/waiting-list-messages'
import type { WaitingListEvent } from '#shared/schemas/letting'
import { QueryState } from '../../components/ui/query-state.tsx'
import { api } from '../../lib/api.ts'
import { when } from '../../lib/when.ts'

// How a person's place on the waiting list came about, oldest first: joined, offered, declined…
export function WaitingListHistory({ id }: { id: string }) {
  const history = useQuery({
    queryKey: ['people', 'waiting-list-history', id],
    queryFn: () =>
      api<WaitingListEvent[]>(`/api/people/${encodeURIComponent(id)}/waiting-list-history`),
  })
  return (
    <section className="card" aria-labelledby="waiting-list-history-heading">
      <h3 id="waiting-list-history-heading">Place on the waiting list</h3>
      <QueryState query={history}>
        {(events) =>
          events.length === 0 ? (
            <p>{waitingListMessages.noWaitingListHistory}</p>
          ) : (
            <ul className="person-messages">
              {events.map((event) => (
                <li key={event.id}>
                  <time dateTime={event.createdAt}>{when(event.createdAt)}</time>:{' '}
                  <strong>{waitingListMessages.waitingListEvent[event.event]}</strong>
                  {event.reason ? ` (${event.reason})` : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}
