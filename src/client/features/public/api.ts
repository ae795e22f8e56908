import type { NewsPost } from '#shared/schemas/news'
import { api } from '../../lib/api.ts'

// Under the collection's key, so the committee's changes (which invalidate ['news']) refresh it.
export const publishedNewsKey = ['news', 'published'] as const

export const fetchPublishedNews = () => api<NewsPost[]>('/api/news')
