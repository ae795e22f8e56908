import { queryOptions } from '@tanstack/react-query'
import type { NewsPost } from '#shared/schemas/news'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// Under the collection's key, so the committee's changes (which invalidate it) refresh it.
export const publishedNewsQuery = queryOptions({
  queryKey: [...queryKeys.news, 'published'],
  queryFn: () => api<NewsPost[]>('/api/news'),
})
