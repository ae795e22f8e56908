import { queryOptions } from '@tanstack/react-query'
import type { SystemState } from '#shared/schemas/system'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

export type { SystemState }

export const systemQuery = queryOptions({
  queryKey: queryKeys.system,
  queryFn: () => api<SystemState>('/api/system'),
})
