import { workDay } from '#shared/domain/work-hours'
import { calendarMessages } from '#shared/messages/calendar'
import { workHoursMessages } from '#shared/messages/work-hours'
import type { ReadTx } from '#server/core/db/write-transaction'
import { forbidden, notFound, unprocessable } from '#server/core/errors'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import { findEvent } from '#server/features/calendar/sql'

// A work party as its register takes it: a calendar event with helpers wanted (decision 63), on a
// site the organiser's account reaches; one of every site is the organisation's.

export async function requireWorkParty(tx: ReadTx, scope: SiteScope, eventId: number) {
  const event = await findEvent(tx, eventId)
  if (!event) throw notFound(calendarMessages.eventMissing)
  if (event.siteId === null) {
    if (scope.sites !== null) throw forbidden(calendarMessages.everySiteNotYours)
  } else requireSiteInScope(scope, event.siteId)
  if (event.helpersWanted === null) throw unprocessable(workHoursMessages.notAWorkParty)
  return { ...event, day: workDay(event.startsAt) }
}

/** Who is on a work party's register: its site's tenants (every site's for every site's party). */
export const registerScope = (siteId: number | null): SiteScope => ({
  sites: siteId === null ? null : [siteId],
})
