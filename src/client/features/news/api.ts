import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { NewNewsPost, NewsPost, UpdateNewsPost } from '#shared/schemas/news'
import { api } from '../../lib/api.ts'

// The collection's key: invalidating it refreshes the committee's list and the public page's.
const newsKey = ['news'] as const

export const allNewsQuery = queryOptions({
  queryKey: [...newsKey, 'all'],
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

// Every change is followed by a fresh list, refusals too: a stale version brings the newer post.
export function useNewsChange<T, R>(change: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: newsKey }),
  })
}
