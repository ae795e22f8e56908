import type { CalendarEvent, EventUpdate } from '#shared/schemas/calendar'
import { loggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import {
  eventChange,
  eventFields,
  requireEventInScope,
  type CalendarCore,
} from '#server/features/calendar/events'
import { calendarEvent } from '#server/features/calendar/read-calendar'
import { findEvent, updateEvent } from '#server/features/calendar/sql'

/**
 * An event edited against the version the committee member saw (409 if someone changed it since),
 * as the next version. A site representative edits only their sites' events, and keeps them there.
 */
export function editEvent(
  { db, clock }: CalendarCore,
  viewer: Viewer,
  scope: SiteScope,
  id: number,
  { version, ...input }: EventUpdate,
): Promise<CalendarEvent> {
  const change = eventChange('updateEvent', String(id), viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      await requireEventInScope(tx, scope, id, change)
      const fields = await eventFields(tx, scope, input, change)
      await updateEvent(tx, id, version, fields, clock.now().toISOString())
      return calendarEvent((await findEvent(tx, id))!)
    },
    { id, version, ...input },
  )
}
