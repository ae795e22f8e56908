import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import type { Application, Place, TokenPreview } from '#shared/schemas/letting'

// Applying for a plot, finding one's place and answering by a link: public, no sign-in.

export const apply = (application: Application) =>
  api<{ applied: true }>('/api/apply', { method: 'POST', json: application })

export const confirmApplication = (token: string) =>
  api<Place>('/api/apply/confirm', { method: 'POST', json: { token } })

export const findPosition = (query: { reference: string; email: string }) =>
  api<Place>('/api/apply/position', { method: 'POST', json: query })

// The link of an offer or of the yearly question: what it is for, then, on a press, doing it.
export const linkPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: [...queryKeys.letting, 'link', token],
    queryFn: () => api<TokenPreview>('/api/letting/link', { method: 'POST', json: { token } }),
  })

export const followLink = (token: string) =>
  api<TokenPreview>('/api/letting/link/use', { method: 'POST', json: { token } })
