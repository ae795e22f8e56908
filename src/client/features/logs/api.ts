import { queryOptions } from '@tanstack/react-query'
import type { LogEntry, LogPage } from '#shared/schemas/logs'
import type { LogSort } from '#shared/domain/log-sort'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

export interface LogPageRequest extends LogSort {
  page: number
  pageSize: number
  /** Only the entries naming this site (issue 46); every entry the viewer may see when absent. */
  site?: number
}

export const logPageQuery = (request: LogPageRequest) =>
  queryOptions({
    queryKey: [...queryKeys.logs, 'page', request],
    queryFn: () => fetchLogPage(request),
  })

export const logEntryQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.logs, 'entry', id],
    queryFn: () => api<LogEntry>(`/api/logs/${encodeURIComponent(id)}`),
  })

function fetchLogPage({ sort, order, page, pageSize, site }: LogPageRequest) {
  const search = new URLSearchParams({
    sort,
    order,
    page: String(page),
    pageSize: String(pageSize),
    ...(site === undefined ? {} : { site: String(site) }),
  })
  return api<LogPage>(`/api/logs?${search}`)
}
