import { queryOptions } from '@tanstack/react-query'
import type { NewNewsPost, NewsPost, UpdateNewsPost } from '#shared/schemas/news'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// Under the collection's key: a change (useChange, invalidating queryKeys.news) refreshes the
// committee's list and the public page's.
export const allNewsQuery = queryOptions({
  queryKey: [...queryKeys.news, 'all'],
  queryFn: () => api<NewsPost[]>('/api/news/all'),
})

export const createNewsPost = (post: NewNewsPost) =>
  api<NewsPost>('/api/news', { method: 'POST', json: post })

export const updateNewsPost = (id: number, post: UpdateNewsPost) =>
  api<NewsPost>(`/api/news/${id}`, { method: 'PUT', json: post })

export const deleteNewsPost = (id: number) => api<void>(`/api/news/${id}`, { method: 'DELETE' })

/** Publishing or unpublishing keeps the post as it is otherwise. */
export const setPublished = ({ id, ...post }: NewsPost, published: boolean) =>
  updateNewsPost(id, { ...post, published })
