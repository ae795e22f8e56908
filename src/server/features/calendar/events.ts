import { eventMoments } from '#shared/domain/calendar'
import { calendarMessages } from '#shared/messages/calendar'
import type { EventInput } from '#shared/schemas/calendar'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { forbidden, notFound, unlessRefused } from '#server/core/errors'
import type { LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { findEvent, type EventFields, type EventRow } from '#server/features/calendar/sql'
import { requireSite } from '#server/features/sites/sql'

// What the committee's changes to events share: the log entry's shape, the event read inside the
// write, the site checked against the viewer's scope, and the moments of London's wall clock.

/** What the calendar's services take from the core. */
export interface CalendarCore {
  db: Db
  clock: Clock
}

export const eventChange = (methodName: string, docId: string, viewer: Viewer): LoggedChange => ({
  methodName,
  eventCollection: 'calendar_events',
  docId,
  userName: viewer.userName,
})

/** The event, read inside the change: 404 when there is none, 403 when it is another site's. */
export async function requireEventInScope(
  tx: ReadTx,
  scope: SiteScope,
  id: number,
  change: LoggedChange,
): Promise<EventRow> {
  const event = await findEvent(tx, id)
  if (!event) throw notFound(calendarMessages.eventMissing)
  change.sites = event.siteId === null ? [] : [event.siteId]
  requireSiteScope(scope, event.siteId)
  return event
}

/**
 * An event of every site is the organisation's: refused to an account limited to some sites. A
 * site's event needs the site in the scope.
 */
function requireSiteScope(scope: SiteScope, siteId: number | null) {
  if (siteId === null) {
    if (scope.sites !== null) throw forbidden(calendarMessages.everySiteNotYours)
  } else requireSiteInScope(scope, siteId)
}

/** The input as it is kept: its site checked (in the scope, and existing) and its moments. */
export async function eventFields(
  tx: ReadTx,
  scope: SiteScope,
  input: EventInput,
  change: LoggedChange,
): Promise<EventFields> {
  if (input.siteId !== null) change.sites = [...new Set([...(change.sites ?? []), input.siteId])]
  requireSiteScope(scope, input.siteId)
  if (input.siteId !== null) await requireSite(tx, input.siteId)
  const { startsAt, endsAt } = unlessRefused(eventMoments(input))
  const { startDate: _sd, startTime: _st, endDate: _ed, endTime: _et, ...rest } = input
  return { ...rest, startsAt, endsAt }
}
