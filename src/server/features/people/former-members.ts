import { londonDate } from '#shared/domain/dates'
import type { ReadTx } from '#server/core/db/write-transaction'
import { lastChanges } from '#server/features/logs/sql'
import { formerMembers } from '#server/features/people/sql'
import { lastTenancyEnds } from '#server/features/people/tenancy-ends-sql'
import { lastWaitingListChanges } from '#server/features/people/waiting-list-sql'

/** Log entries about a record that change nothing in it, or are about keeping it. */
export const NOT_CHANGES = ['downloadPersonalData', 'holdFromErasure', 'releaseFromErasure']

export interface FormerMember {
  id: string
  name: string
  /** The day of the last change to their record: a tenancy ended, leaving the list, an edit. */
  lastChange: string
}

/**
 * Everyone who has left (retention, issue 30): on no list and holding no plot, with the day of
 * the last change to their record, from the log, their place's history and the tenancies that
 * ended, each dated by the day it ended rather than the day it was recorded (issue 44); their
 * joining when none has one (the log's entries of long ago are themselves gone by age).
 */
export async function formerMembersSince(tx: ReadTx): Promise<FormerMember[]> {
  const people = await formerMembers(tx)
  const logged = await lastChanges(tx, 'people', [...NOT_CHANGES, 'endTenancy'])
  const placeChanged = await lastWaitingListChanges(tx)
  const ended = await lastTenancyEnds(tx)
  return people.map((person) => {
    const dates = [
      logged.get(person.id),
      placeChanged.get(person.id),
      ended.get(person.id),
      person.dateJoined,
    ]
    const latest =
      dates
        .filter((date): date is string => Boolean(date))
        .sort()
        .at(-1) ?? ''
    return {
      id: person.id,
      name: `${person.firstName} ${person.lastName}`.trim(),
      // A moment (a log entry, a change of place) is dated by London's clock. The latest by its
      // text is the latest by London's day too: London's day is a moment's UTC day or the next.
      lastChange: latest.length > 10 ? londonDate(new Date(latest)) : latest,
    }
  })
}
