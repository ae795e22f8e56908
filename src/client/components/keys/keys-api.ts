import { queryOptions } from '@tanstack/react-query'
import type { HandOver, Key, KeyHolding, KeyInput, KeyLost, KeyReturn } from '#shared/schemas/keys'
import type { Person } from '#shared/schemas/person'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// Keys and fobs (issue 48, item 4, decision 64): the site's keys, a person's, a member's own.

export const siteKeysQuery = () =>
  queryOptions({ queryKey: [...queryKeys.keys, 'list'], queryFn: () => api<Key[]>('/api/keys') })

export const personKeysQuery = (personId: string) =>
  queryOptions({
    queryKey: [...queryKeys.keys, 'person', personId],
    queryFn: () => api<KeyHolding[]>(`/api/people/${encodeURIComponent(personId)}/keys`),
  })

/** The plots a person holds, for the deposit taken with a key. */
export const holderPlotsQuery = (personId: string) =>
  queryOptions({
    queryKey: [...queryKeys.people, personId],
    queryFn: () => api<Person>(`/api/people/${encodeURIComponent(personId)}`),
    enabled: personId !== '',
    select: (person) => person.plots,
  })

export const addKey = (input: KeyInput) => api<Key>('/api/keys', { method: 'POST', json: input })
export const handOverKey = (id: number, input: HandOver) =>
  api<Key>(`/api/keys/${id}/hand-over`, { method: 'POST', json: input })
export const returnKey = (id: number, input: KeyReturn) =>
  api<Key>(`/api/keys/${id}/return`, { method: 'POST', json: input })
export const loseKey = (id: number, input: KeyLost) =>
  api<Key>(`/api/keys/${id}/lost`, { method: 'POST', json: input })

/** What a key's change refreshes: the keys everywhere, deposits, and My allotment. */
export const keyChanges = [queryKeys.keys, queryKeys.rent, queryKeys.myAllotment]
