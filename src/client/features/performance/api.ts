import { queryOptions } from '@tanstack/react-query'
import type { VitalSummaryRow } from '#shared/schemas/web-vitals'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

export type { VitalSummaryRow }

export const vitalsSummaryQuery = queryOptions({
  queryKey: queryKeys.vitals,
  queryFn: () => api<VitalSummaryRow[]>('/api/vitals/summary'),
})
