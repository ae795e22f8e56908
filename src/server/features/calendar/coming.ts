import type { Coming } from '#shared/schemas/calendar'
import type { ReadTx } from '#server/core/db/write-transaction'
import { comingToEvents, peopleNamed } from '#server/features/calendar/coming-sql'
import { seesWhoIsComing, type ComingReach } from '#server/features/calendar/reach'
import type { EventRow } from '#server/features/calendar/sql'

// Who is coming to each event on a viewer's calendar (issue 48, item 1): how many, whether the
// viewer is, and their names where the viewer may see them (reach.ts decides).

export async function comingOn(
  tx: ReadTx,
  reach: ComingReach,
  events: readonly EventRow[],
): Promise<Map<number, Coming>> {
  const coming = await comingToEvents(
    tx,
    events.map((event) => event.id),
  )
  const listed = events.filter((event) => coming.has(event.id) && seesWhoIsComing(reach, event))
  const people = await peopleNamed(
    tx,
    listed.flatMap((event) => coming.get(event.id)!),
  )
  return new Map(
    events.map((event) => {
      const ids = new Set(coming.get(event.id) ?? [])
      return [
        event.id,
        {
          count: ids.size,
          me: reach.personId !== null && ids.has(reach.personId),
          names: seesWhoIsComing(reach, event)
            ? people.filter((person) => ids.has(person.personId)).map((person) => person.name)
            : null,
        },
      ]
    }),
  )
}
