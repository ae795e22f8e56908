import { queryOptions } from '@tanstack/react-query'
import type { SiteInfo } from '#shared/schemas/settings'
import { api } from './api.ts'
import { queryKeys } from './query-keys.ts'

// The association's details and page texts, read by the public layout and pages. They change only
// when the administrator saves the settings, which refreshes this key.
export const siteQuery = queryOptions({
  queryKey: queryKeys.site,
  queryFn: () => api<SiteInfo>('/api/site'),
  staleTime: Infinity,
})
