import { queryOptions } from '@tanstack/react-query'
import type { SiteMap } from '#shared/schemas/site-map'
import { api } from '../../lib/api.ts'

/** The stored drawing, or null before the association has one. */
export const siteMapQuery = queryOptions({
  queryKey: ['site-map'],
  queryFn: () => api<SiteMap | null>('/api/site-map'),
})
