import { useQuery, queryOptions } from '@tanstack/react-query'
import { shortDate, shortDateTime } from '#shared/domain/dates'
import { plotHistoryMessages } from '#shared/messages/plot-history'
import type { HistoryEvent } from '#shared/schemas/plot-history'
import { PhotoLinks } from '../../components/ui/photo-links.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// A plot's history for the committee (issue 32): its tenants, inspections with their photos,
// notices, invoices and offers, newest first. Loaded apart from the plot's page, which is near
// its budget, and only for the committee.

const historyQuery = (plotId: string) =>
  queryOptions({
    // Under the plots' key, and refreshed with them; inspections and notices refresh it too.
    queryKey: [...queryKeys.plots, plotId, 'history'],
    queryFn: () => api<HistoryEvent[]>(`/api/plots/${encodeURIComponent(plotId)}/history`),
  })

// A date alone, or a moment the log or a phone timed.
const when = (at: string) => (at.length === 10 ? shortDate(at) : shortDateTime(at))

export function PlotHistory({ plotId }: { plotId: string }) {
  const history = useQuery(historyQuery(plotId))
  return (
    <section aria-labelledby="plot-history">
      <h2 id="plot-history">{plotHistoryMessages.heading}</h2>
      <QueryState query={history}>
        {(events) =>
          events.length === 0 ? (
            <p>{plotHistoryMessages.noHistory}</p>
          ) : (
            <ol className="plot-history">
              {events.map((event, index) => (
                <li key={`${event.at}-${index}`} className="plot-history__event">
                  <p className="plot-history__when">{when(event.at)}</p>
                  <p className="plot-history__title">{event.title}</p>
                  {event.detail ? <p>{event.detail}</p> : null}
                  <PhotoLinks photos={event.photos} name={plotHistoryMessages.photo} />
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
    </section>
  )
}
