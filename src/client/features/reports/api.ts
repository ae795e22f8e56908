import { queryOptions } from '@tanstack/react-query'
import type { CouncilReport } from '#shared/schemas/council-report'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

const forYear = (year: number | undefined) => (year === undefined ? '' : `?year=${year}`)

/** What councils are asked, for a year (the current one when none is chosen). */
export const councilReportQuery = (year: number | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.reports, 'sites', year ?? 'current'],
    queryFn: () => api<CouncilReport>(`/api/reports/sites${forYear(year)}`),
  })

export const councilReportCsvHref = (year: number | undefined) =>
  `/api/reports/sites.csv${forYear(year)}`
