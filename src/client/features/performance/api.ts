import type { VitalSummaryRow } from '#shared/schemas/web-vitals'
import { api } from '../../lib/api.ts'

export type { VitalSummaryRow }

export const vitalsSummaryQueryKey = ['vitals-summary'] as const
export const fetchVitalsSummary = () => api<VitalSummaryRow[]>('/api/vitals/summary')
