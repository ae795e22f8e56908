import type { CalendarEvent } from '#shared/schemas/calendar'
import { refuseIfBlocked, type Hooks } from '#server/core/hooks'
import { loggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import {
  eventChange,
  requireEventInScope,
  type CalendarCore,
} from '#server/features/calendar/events'
import { calendarEvent } from '#server/features/calendar/read-calendar'
import { deleteComingToEvent } from '#server/features/calendar/coming-sql'
import { deleteEvent } from '#server/features/calendar/sql'

/**
 * An event taken off the calendar, with who said they would come; the log keeps it as it was. One
 * that something still needs (hours recorded at a work party) is refused (422) with the reason.
 */
export function removeEvent(
  { db, hooks }: CalendarCore & { hooks: Hooks },
  viewer: Viewer,
  scope: SiteScope,
  id: number,
): Promise<CalendarEvent> {
  const change = eventChange('deleteEvent', String(id), viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const event = await requireEventInScope(tx, scope, id, change)
      await refuseIfBlocked(hooks.eventDeletionBlockers, tx, id)
      await deleteComingToEvent(tx, id)
      await deleteEvent(tx, id)
      return calendarEvent(event)
    },
    { id },
  )
}
