import { queryOptions } from '@tanstack/react-query'
import type { PublicEvent } from '#shared/schemas/calendar'
import type { NewsPost } from '#shared/schemas/news'
import type { PublicSite } from '#shared/schemas/site'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// Under the collection's key, so the committee's changes (which invalidate it) refresh it.
export const publishedNewsQuery = queryOptions({
  queryKey: [...queryKeys.news, 'published'],
  queryFn: () => api<NewsPost[]>('/api/news'),
})

// Under the sites' key, so the administrator's changes to a site (which invalidate it) refresh it.
export const publicSitesQuery = queryOptions({
  queryKey: [...queryKeys.sites, 'public'],
  queryFn: () => api<PublicSite[]>('/api/sites/public'),
})

// Under the calendar's key, so the committee's changes to events (which invalidate it) refresh it.
export const publicEventsQuery = queryOptions({
  queryKey: [...queryKeys.calendar, 'public'],
  queryFn: () => api<PublicEvent[]>('/api/calendar/public'),
})
