import { queryOptions } from '@tanstack/react-query'
import type {
  ConcessionEnd,
  ConcessionGrant,
  ConcessionGrantInput,
  ConcessionKind,
  ConcessionsEnding,
} from '#shared/schemas/concessions'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// Concessions (issue 47, item 1): under rent, as the invoices they reduce.

const concessionKeys = [...queryKeys.rent, 'concessions'] as const

export const concessionKindsQuery = () =>
  queryOptions({
    queryKey: [...concessionKeys, 'kinds'],
    queryFn: () => api<ConcessionKind[]>('/api/rent/concession-kinds'),
  })

export const personConcessionsQuery = (personId: string) =>
  queryOptions({
    queryKey: [...concessionKeys, 'person', personId],
    queryFn: () =>
      api<ConcessionGrant[]>(`/api/people/${encodeURIComponent(personId)}/concessions`),
  })

export const concessionsEndingQuery = () =>
  queryOptions({
    queryKey: [...concessionKeys, 'ending'],
    queryFn: () => api<ConcessionsEnding>('/api/rent/concessions/ending'),
  })

export const grantConcession = (personId: string, input: ConcessionGrantInput) =>
  api<ConcessionGrant>(`/api/people/${encodeURIComponent(personId)}/concessions`, {
    method: 'POST',
    json: input,
  })

export const endConcession = (id: number, input: ConcessionEnd) =>
  api<ConcessionGrant>(`/api/rent/concessions/${id}/end`, { method: 'PUT', json: input })
