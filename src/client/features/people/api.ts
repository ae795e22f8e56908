import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { NewPerson, Person, UpdatePerson } from '#shared/schemas/person'
import { api } from '../../lib/api.ts'
import type { PeopleMode } from './mode.ts'

// Every key starts with 'people', so the lists and the single records can be refreshed together.
export const peopleKeys = {
  all: ['people'] as const,
  lists: ['people', 'list'] as const,
  list: (mode: PeopleMode) => ['people', 'list', mode] as const,
  people: ['people', 'person'] as const,
  person: (id: string) => ['people', 'person', id] as const,
}

const personUrl = (id: string) => `/api/people/${encodeURIComponent(id)}`

export const fetchPeople = (mode: PeopleMode) => api<Person[]>(`/api/people?status=${mode}`)
export const fetchPerson = (id: string) => api<Person>(personUrl(id))

export const createPerson = (person: NewPerson) =>
  api<Person>('/api/people', { method: 'POST', json: person })

export const updatePerson = (id: string, person: UpdatePerson) =>
  api<Person>(personUrl(id), { method: 'PUT', json: person })

export const deletePerson = (id: string) => api<void>(personUrl(id), { method: 'DELETE' })

// The first option of the removal screen moves the person to the other list.
export const movePerson = (id: string, from: PeopleMode) =>
  api<Person>(
    `${personUrl(id)}/${from === 'plotholders' ? 'move-to-waiting-list' : 'move-to-plotholders'}`,
    { method: 'POST' },
  )

export const usePeople = (mode: PeopleMode) =>
  useQuery({ queryKey: peopleKeys.list(mode), queryFn: () => fetchPeople(mode) })

export function usePerson(id: string) {
  const client = useQueryClient()
  return useQuery({
    queryKey: peopleKeys.person(id),
    queryFn: () => fetchPerson(id),
    // Opened from a list, the person shows at once from the list's copy while the record loads.
    placeholderData: () =>
      client
        .getQueriesData<Person[]>({ queryKey: peopleKeys.lists })
        .flatMap(([, people]) => people ?? [])
        .find((person) => person.id === id),
  })
}

// After any change the screen shows the outcome at once, by editing the cached lists, and every
// list then refetches (the one on screen now, the others when next shown). Single records are only
// marked stale: refetching the one still on screen would flash 'Error!' for a deleted person, or
// redirect a moved one, before the navigation away lands.
export function usePeopleCache() {
  const client = useQueryClient()
  const editLists = (queryKey: readonly string[], edit: (people: Person[]) => Person[]) =>
    client.setQueriesData<Person[]>({ queryKey }, (people) => people && edit(people))
  const refresh = () => {
    void client.invalidateQueries({ queryKey: peopleKeys.people, refetchType: 'none' })
    // Other features keep people under the same first key (the plots screens' list of everyone).
    void client.invalidateQueries({
      queryKey: peopleKeys.all,
      predicate: (query) => query.queryKey[1] !== peopleKeys.people[1],
    })
    // A deleted person leaves the tenants of their plots; by the shared convention plots' keys
    // start with 'plots'.
    void client.invalidateQueries({ queryKey: ['plots'] })
  }
  return {
    added(person: Person, mode: PeopleMode) {
      client.setQueryData(peopleKeys.person(person.id), person)
      editLists(peopleKeys.list(mode), (people) => [...people, person])
      refresh()
    },
    saved(person: Person) {
      client.setQueryData(peopleKeys.person(person.id), person)
      editLists(peopleKeys.lists, (people) =>
        people.map((listed) => (listed.id === person.id ? person : listed)),
      )
      refresh()
    },
    // Moved off one list (from), or deleted from every list.
    removed(id: string, from?: PeopleMode) {
      const lists = from ? peopleKeys.list(from) : peopleKeys.lists
      editLists(lists, (people) => people.filter((listed) => listed.id !== id))
      refresh()
    },
  }
}
