import { calendarMessages } from '#shared/messages/calendar'
import { comingMessages } from '#shared/messages/calendar-coming'
import type { Coming } from '#shared/schemas/calendar'
import { forbidden, notFound, unprocessable } from '#server/core/errors'
import { AlreadyDone, loggedChange } from '#server/core/logged-change'
import { ownPersonId, type Viewer } from '#server/core/viewer'
import { addComing, removeComing } from '#server/features/calendar/coming-sql'
import { comingOn } from '#server/features/calendar/coming'
import { eventChange, type CalendarCore } from '#server/features/calendar/events'
import { calendarReach, reachesEvent } from '#server/features/calendar/reach'
import { findEvent } from '#server/features/calendar/sql'

/**
 * A member says they will come to an event ("I'll come"), or that they will not after all: an
 * event their calendar shows them (403, as any record beyond the viewer's reach), not yet over (422). Logged against the event;
 * saying again what was said is not logged again. Answers who is coming, as the viewer sees it.
 */
export function sayComing(
  { db, clock }: CalendarCore,
  viewer: Viewer,
  eventId: number,
  coming: boolean,
): Promise<Coming> {
  const change = eventChange(coming ? 'comeToEvent' : 'notComingToEvent', String(eventId), viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const event = await findEvent(tx, eventId)
      if (!event) throw notFound(calendarMessages.eventMissing)
      change.sites = event.siteId === null ? [] : [event.siteId]
      const reach = await calendarReach(tx, {
        level: viewer.level,
        sites: viewer.sites,
        personId: viewer.personId,
      })
      if (!reachesEvent(reach.events, event)) throw forbidden()
      const personId = ownPersonId(viewer)
      const now = clock.now().toISOString()
      if (event.endsAt <= now) throw unprocessable(comingMessages.eventOver)
      const changed = coming
        ? await addComing(tx, eventId, personId, now)
        : await removeComing(tx, eventId, personId)
      const answer = (await comingOn(tx, reach.coming, [event])).get(eventId)!
      return changed ? answer : new AlreadyDone(answer)
    },
    { eventId, coming },
  )
}
