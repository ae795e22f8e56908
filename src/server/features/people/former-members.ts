import type { ReadTx } from '#server/core/db/write-transaction'
import { lastChanges } from '#server/features/logs/sql'
import { formerMembers } from '#server/features/people/sql'
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
 * the last change to their record, from the log and their place's history; their joining when
 * neither has one (the log's entries of long ago are themselves gone by age).
 */
export async function formerMembersSince(tx: ReadTx): Promise<FormerMember[]> {
  const people = await formerMembers(tx)
  const logged = await lastChanges(tx, 'people', NOT_CHANGES)
  const placeChanged = await lastWaitingListChanges(tx)
  return people.map((person) => {
    const dates = [logged.get(person.id), placeChanged.get(person.id), person.dateJoined]
    const latest =
      dates
        .filter((date): date is string => Boolean(date))
        .sort()
        .at(-1) ?? ''
    return {
      id: person.id,
      name: `${person.firstName} ${person.lastName}`.trim(),
      lastChange: latest.slice(0, 10),
    }
  })
}
