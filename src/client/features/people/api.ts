import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SentMessage } from '#shared/schemas/messages'
import type { PersonApplication, WaitingListEvent } from '#shared/schemas/letting'
import type { NewPerson, Person, UpdatePerson, WaitingPlace } from '#shared/schemas/person'
import type { PeopleSignIn } from '#shared/schemas/account'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import type { PeopleMode } from './mode.ts'

// Under the collection's key, so a change to people (here or in another feature) refreshes the
// lists, the records and the histories together.
export const peopleKeys = {
  lists: [...queryKeys.people, 'list'] as const,
  records: [...queryKeys.people, 'person'] as const,
}

const personUrl = (id: string) => `/api/people/${encodeURIComponent(id)}`

/**
 * A list, of one site (`site`: '?site=2', issue 46) or of every site the viewer sees (''). A
 * site's list is keyed under its mode's, so that a change shown in the mode's lists reaches it.
 */
export const peopleListQuery = (mode: PeopleMode, site = '') =>
  queryOptions({
    queryKey: site ? [...peopleKeys.lists, mode, site] : [...peopleKeys.lists, mode],
    queryFn: () => api<Person[]>(`/api/people?status=${mode}${site.replace('?', '&')}`),
  })

/** Who signs in and who is invited (issue 29): under accounts, which linking and joining change. */
export const peopleSignInQuery = queryOptions({
  queryKey: [...queryKeys.accounts, 'people'],
  queryFn: () => api<PeopleSignIn>('/api/people-sign-in'),
})

export const personQuery = (id: string) =>
  queryOptions({
    queryKey: [...peopleKeys.records, id],
    queryFn: () => api<Person>(personUrl(id)),
  })

export const waitingListHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.people, 'waiting-list-history', id],
    queryFn: () => api<WaitingListEvent[]>(`${personUrl(id)}/waiting-list-history`),
  })

/** The person's place on the list and why, or null off it: under people, as every move changes it. */
export const waitingPlaceQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.people, 'waiting-list-place', id],
    queryFn: () => api<WaitingPlace | null>(`${personUrl(id)}/waiting-list-place`),
  })

/** The application on the website the person came from, or null: under people, as they are. */
export const personApplicationQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.people, 'application', id],
    queryFn: () => api<PersonApplication | null>(`${personUrl(id)}/application`),
  })

// What the association sent the person: under the messages' key, so sending refreshes it.
export const personMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.messages, 'person', id],
    queryFn: () => api<SentMessage[]>(`${personUrl(id)}/messages`),
  })

/** A free nickname proposed from the name ('' without one): under people's key, as each new person takes one. */
export const nicknameProposalQuery = (firstName: string, lastName: string) =>
  queryOptions({
    queryKey: [...queryKeys.people, 'nickname-proposal', firstName, lastName],
    queryFn: () =>
      api<{ nickname: string }>(
        `/api/nickname-proposal?${new URLSearchParams({ first: firstName, last: lastName })}`,
      ),
  })

/** A new person; one on the waiting list joins the list of the site given ('?site=2'), if any. */
export const createPerson = (person: NewPerson, site = '') =>
  api<Person>(`/api/people${site}`, { method: 'POST', json: person })

export const updatePerson = (id: string, person: UpdatePerson) =>
  api<Person>(personUrl(id), { method: 'PUT', json: person })

export const deletePerson = (id: string) => api<void>(personUrl(id), { method: 'DELETE' })

// The first option of the removal screen moves the person to the other list.
export const movePerson = (id: string, from: PeopleMode) =>
  api<Person>(
    `${personUrl(id)}/${from === 'plotholders' ? 'move-to-waiting-list' : 'move-to-plotholders'}`,
    { method: 'POST' },
  )

export const usePeople = (mode: PeopleMode, site = '') => useQuery(peopleListQuery(mode, site))

export function usePerson(id: string) {
  const client = useQueryClient()
  return useQuery({
    ...personQuery(id),
    // Opened from a list, the person shows at once from the list's copy while the record loads.
    placeholderData: () =>
      client
        .getQueriesData<Person[]>({ queryKey: peopleKeys.lists })
        .flatMap(([, people]) => people ?? [])
        .find((person) => person.id === id),
  })
}
