import { queryOptions } from '@tanstack/react-query'
import type {
  DuplicateGroupAnswer,
  MergeAnswer,
  MergeInput,
  MergePreview,
} from '#shared/schemas/people-merge'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// The requests of possible duplicates and the merge (issue 46), apart from the people lists' own
// so that only their two screens carry them.

/** Records likely to be one person (issue 46): under people, as every change to them changes it. */
export const duplicatesQuery = queryOptions({
  queryKey: [...queryKeys.people, 'duplicates'],
  queryFn: () => api<DuplicateGroupAnswer[]>('/api/people-duplicates'),
})

/** Two records as a merge would take them, and what stands in the way. */
export const mergePreviewQuery = (kept: string, merged: string) =>
  queryOptions({
    queryKey: [...queryKeys.people, 'merge', kept, merged],
    queryFn: () => api<MergePreview>(`/api/people-merge?${new URLSearchParams({ kept, merged })}`),
  })

export const mergePeople = (input: MergeInput) =>
  api<MergeAnswer>('/api/people-merge', { method: 'POST', json: input })
