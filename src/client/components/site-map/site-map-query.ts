import { queryOptions } from '@tanstack/react-query'
import type { SiteMap } from '#shared/schemas/site-map'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

/** The stored drawing, or null before the association has one. */
export const siteMapQuery = queryOptions({
  queryKey: queryKeys.siteMap,
  queryFn: () => api<SiteMap | null>('/api/site-map'),
})
