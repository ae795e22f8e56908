import { comingMessages as words } from '#shared/messages/calendar-coming'
import type { CalendarEntry } from '#shared/schemas/calendar'
import { Alert } from '#client/components/ui/alert.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { useChange } from '#client/lib/use-change.ts'
import { sayComing } from './api.ts'

// "I'll come" (issue 48, item 1): how many are coming (against the helpers a work party wants),
// who, where the viewer may see it, and the viewer's own answer, which they may change until the
// event is over. The server decides who may say so and whose names are shown.
export function ComingToEvent({ event }: { event: CalendarEntry }) {
  const { coming } = event
  const change = useChange({
    mutationFn: (come: boolean) => sayComing(event.id, come),
    invalidates: [queryKeys.calendar],
  })
  const over = event.endsAt <= new Date().toISOString()
  const hidden = <span className="visually-hidden"> {event.title}</span>
  return (
    <div className="calendar-coming">
      <p>{words.comingCount(coming.count, event.helpersWanted)}</p>
      {coming.names?.length ? <p>{words.whoIsComing(coming.names)}</p> : null}
      {coming.me ? <p>{words.youAreComing}</p> : null}
      <Alert>{change.isError ? errorMessage(change.error) : null}</Alert>
      {over ? null : (
        <button
          type="button"
          className={coming.me ? 'button button--quiet' : 'button'}
          disabled={change.isPending}
          onClick={() => change.mutate(!coming.me)}
        >
          {coming.me ? words.notComing : words.illCome}
          {hidden}
        </button>
      )}
    </div>
  )
}
