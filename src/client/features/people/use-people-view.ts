import { useDeferredValue, useMemo } from 'react'
import { peopleFilter } from '#shared/domain/people'
import { waitingListOrder } from '#shared/domain/waiting-order'
import type { Person } from '#shared/schemas/person'
import type { PeopleMode } from './mode.ts'

export type SortKey = 'name' | 'joined'
export type ListedPerson = Person & { position?: number }

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true })

const byName = (a: Person, b: Person) =>
  collator.compare(a.lastName, b.lastName) ||
  collator.compare(a.firstName, b.firstName) ||
  collator.compare(a.id, b.id)

const byDateJoined = (a: Person, b: Person) =>
  a.dateJoined < b.dateJoined ? -1 : a.dateJoined > b.dateJoined ? 1 : byName(a, b)

// The waiting list keeps each person's place in the queue whatever the sort shows.
function ordered(people: readonly Person[], mode: PeopleMode, sort: SortKey): ListedPerson[] {
  if (mode === 'waitinglist') {
    const queue = waitingListOrder(people)
    return sort === 'joined' ? queue : queue.sort(byName)
  }
  return [...people].sort(sort === 'joined' ? byDateJoined : byName)
}

// Typing stays instant with 10,000 people: sorting reruns only when the data or the sort
// changes, and the filter runs on a deferred copy of the text, so React may skip
// intermediate keystrokes instead of blocking the input.
export function usePeopleView(
  people: readonly Person[] | undefined,
  mode: PeopleMode,
  sort: SortKey,
  filter: string,
) {
  const sorted = useMemo(() => ordered(people ?? [], mode, sort), [people, mode, sort])
  const filterSorted = useMemo(() => peopleFilter(sorted), [sorted])
  const deferredFilter = useDeferredValue(filter)
  const matches = useMemo(() => filterSorted(deferredFilter), [filterSorted, deferredFilter])
  return { total: sorted.length, matches, filter: deferredFilter, stale: filter !== deferredFilter }
}
