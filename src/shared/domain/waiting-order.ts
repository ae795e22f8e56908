import type { Person, WaitingPlace } from '#shared/schemas/person'
import { waitingListMessages } from '#shared/messages/waiting-list'
import { londonDate, longDate, longDateAndTime } from '#shared/domain/dates'

// Issue 28: one rule for the order of the waiting list, whoever put the person there (the
// committee's form, an import, an online application): the date of joining, then the time of
// joining, then the order of entry. The list, a person's page, the applicant's own "find my
// place" and the offers' next in line all take their places from here.

export type QueuedPerson = Pick<
  Person,
  'id' | 'joinedWaitingList' | 'joinedWaitingListAt' | 'waitingListEntry' | 'onWaitingList'
>

/**
 * The moment of joining, when it is known: it is recorded as the person takes their place, and
 * holds while the date of joining is that moment's day: London's (decision 44), or its UTC day,
 * as the days of joinings before were taken. A date typed in or imported from an earlier day, or
 * kept from before times were recorded, has no time.
 */
export function timeOfJoining(
  person: Pick<Person, 'joinedWaitingList' | 'joinedWaitingListAt'>,
): string | undefined {
  const at = person.joinedWaitingListAt
  if (at === '') return undefined
  if (at.slice(0, 10) === person.joinedWaitingList) return at
  // London's day differs from UTC's only in the last UTC hour of a summer day; the list is
  // sorted by this, so London's clock is read only then.
  return at.slice(11, 13) === '23' && londonDate(new Date(at)) === person.joinedWaitingList
    ? at
    : undefined
}

// After every time of a day: those known only by the date were entered after that day was over
// (an earlier date typed in later), so the order of entry puts them last on that date too.
const NO_TIME = '~'

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The rule: date of joining, then time of joining, then order of entry (the nickname never wobbles). */
export function compareWaitingOrder(a: QueuedPerson, b: QueuedPerson): number {
  return (
    compareText(a.joinedWaitingList, b.joinedWaitingList) ||
    compareText(timeOfJoining(a) ?? NO_TIME, timeOfJoining(b) ?? NO_TIME) ||
    a.waitingListEntry - b.waitingListEntry ||
    compareText(a.id, b.id)
  )
}

/** Those on the list, in its order, each with their place (1 for the first). */
export function waitingListOrder<T extends QueuedPerson>(
  people: readonly T[],
): Array<T & { position: number }> {
  return people
    .filter((person) => person.onWaitingList)
    .sort(compareWaitingOrder)
    .map((person, index) => ({ ...person, position: index + 1 }))
}

/**
 * The person's place and why, from the list in its order (waitingListOrder), or undefined when
 * they are not on it: "No. 3 of 11: joined 25 November 2026 at 10:27, after Zofia Nowak".
 */
export function waitingPlaceOf<T extends QueuedPerson & { position: number }>(
  queue: readonly T[],
  id: string,
  nameOf: (person: T) => string,
): WaitingPlace | undefined {
  const index = queue.findIndex((person) => person.id === id)
  if (index === -1) return undefined
  const person = queue[index]!
  const at = timeOfJoining(person)
  const ahead = queue[index - 1]
  return {
    position: person.position,
    total: queue.length,
    statement: waitingListMessages.placeStated({
      position: person.position,
      total: queue.length,
      joined: at ? longDateAndTime(at) : { date: longDate(person.joinedWaitingList) },
      after: ahead && nameOf(ahead),
    }),
  }
}
