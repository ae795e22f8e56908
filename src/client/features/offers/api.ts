import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  LapsedPerson,
  LettingSettings,
  NewOffer,
  Offer,
  OfferChoices,
  StoredLettingSettings,
} from '#shared/schemas/letting'
import { api } from '../../lib/api.ts'

// Offering vacant plots to the waiting list, and the administrator's letting settings.
const offersKey = ['offers'] as const

export const offersQuery = queryOptions({
  queryKey: [...offersKey, 'list'],
  queryFn: () => api<{ open: Offer[]; closed: Offer[] }>('/api/offers'),
})

export const lapsedQuery = queryOptions({
  queryKey: ['waiting-list', 'lapsed'],
  queryFn: () => api<LapsedPerson[]>('/api/waiting-list/lapsed'),
})

export const choicesQuery = queryOptions({
  queryKey: [...offersKey, 'choices'],
  queryFn: () => api<OfferChoices>('/api/offers/choices'),
})

export const lettingSettingsQuery = queryOptions({
  queryKey: ['letting', 'settings'],
  queryFn: () => api<StoredLettingSettings>('/api/letting/settings'),
})

export const saveLettingSettings = (settings: LettingSettings & { version: number }) =>
  api<StoredLettingSettings>('/api/letting/settings', { method: 'PUT', json: settings })

export const makeOffer = (offer: NewOffer) =>
  api<Offer>('/api/offers', { method: 'POST', json: offer })

export const answerOffer = ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
  api<Offer>(`/api/offers/${id}/answer`, { method: 'POST', json: { answer } })

export const withdrawOffer = ({ id, reason }: { id: number; reason: string }) =>
  api<Offer>(`/api/offers/${id}/withdraw`, { method: 'POST', json: { reason } })

/**
 * A change to the offers; afterwards they are fetched afresh, and so are the people (their places
 * and histories) and the plots (an accepted offer gives a plot its tenant), which those features
 * keep under their own first keys.
 */
export function useOfferChange<T, R>(change: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all(
        [offersKey, ['people'], ['plots']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  })
}
