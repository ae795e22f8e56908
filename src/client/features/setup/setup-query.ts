import { queryOptions } from '@tanstack/react-query'
import type { Setup } from '#shared/schemas/setup'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// Asked afresh each time: the steps are done on other screens. A module of its own because the
// members area's index reads it on every sign-in, and the screen's mutations need not load then.
export const setupQuery = queryOptions({
  queryKey: queryKeys.setup,
  queryFn: () => api<Setup>('/api/setup'),
  staleTime: 0,
})
