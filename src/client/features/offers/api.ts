import { queryOptions } from '@tanstack/react-query'
import type {
  LapsedPerson,
  LettingSettings,
  NewOffer,
  Offer,
  OfferChoices,
  SiteLettingSettings,
  StoredLettingSettings,
} from '#shared/schemas/letting'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// Offering vacant plots to the waiting list, and the administrator's letting settings.
export const offersQuery = queryOptions({
  queryKey: [...queryKeys.offers, 'list'],
  queryFn: () => api<{ open: Offer[]; closed: Offer[] }>('/api/offers'),
})

export const lapsedQuery = queryOptions({
  queryKey: [...queryKeys.waitingList, 'lapsed'],
  queryFn: () => api<LapsedPerson[]>('/api/waiting-list/lapsed'),
})

export const choicesQuery = queryOptions({
  queryKey: [...queryKeys.offers, 'choices'],
  queryFn: () => api<OfferChoices>('/api/offers/choices'),
})

export const lettingSettingsQuery = queryOptions({
  queryKey: [...queryKeys.letting, 'settings'],
  queryFn: () => api<StoredLettingSettings>('/api/letting/settings'),
})

export const saveLettingSettings = (settings: LettingSettings & { version: number }) =>
  api<StoredLettingSettings>('/api/letting/settings', { method: 'PUT', json: settings })

/** How a site's plots are offered, or null (the organisation's way): decision 53. */
export const siteLettingSettingsQuery = (siteId: number) =>
  queryOptions({
    queryKey: [...queryKeys.letting, 'settings', 'site', siteId],
    queryFn: () => api<SiteLettingSettings>(`/api/letting/settings/sites/${siteId}`),
  })

export const saveSiteLettingSettings = (siteId: number) => (settings: SiteLettingSettings) =>
  api<SiteLettingSettings>(`/api/letting/settings/sites/${siteId}`, {
    method: 'PUT',
    json: settings,
  })

export const makeOffer = (offer: NewOffer) =>
  api<Offer>('/api/offers', { method: 'POST', json: offer })

export const answerOffer = ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
  api<Offer>(`/api/offers/${id}/answer`, { method: 'POST', json: { answer } })

export const withdrawOffer = ({ id, reason }: { id: number; reason: string }) =>
  api<Offer>(`/api/offers/${id}/withdraw`, { method: 'POST', json: { reason } })

/**
 * What a change to the offers alters, for useChange to refresh: the offers, the people (their
 * places and histories) and the plots (an accepted offer gives a plot its tenant).
 */
export const changedByOffers = [queryKeys.offers, queryKeys.people, queryKeys.plots]
