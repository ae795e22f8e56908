import type { CalendarEvent, EventInput } from '#shared/schemas/calendar'
import { loggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { eventChange, eventFields, type CalendarCore } from '#server/features/calendar/events'
import { calendarEvent } from '#server/features/calendar/read-calendar'
import { insertEvent } from '#server/features/calendar/sql'

/** The committee puts an event on the calendar; logged with the event as made. */
export function createEvent(
  { db, clock }: CalendarCore,
  viewer: Viewer,
  scope: SiteScope,
  input: EventInput,
): Promise<CalendarEvent> {
  const change = eventChange('createEvent', '', viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const fields = await eventFields(tx, scope, input, change)
      const now = clock.now().toISOString()
      const row = await insertEvent(tx, fields, { userName: viewer.userName, now })
      // The id exists only now; loggedChange writes the entry after this work, from `change`.
      change.docId = String(row.id)
      return calendarEvent(row)
    },
    input,
  )
}
