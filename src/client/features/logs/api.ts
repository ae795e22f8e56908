import type { LogEntry, LogPage } from '#shared/schemas/logs'
import type { LogSort } from '#shared/domain/log-sort'
import { api } from '../../lib/api.ts'

export interface LogPageRequest extends LogSort {
  page: number
  pageSize: number
}

export const logsQueryKey = ['logs'] as const

export const logPageQueryKey = (request: LogPageRequest) =>
  [...logsQueryKey, 'page', request] as const
export const logEntryQueryKey = (id: string) => [...logsQueryKey, 'entry', id] as const

export function fetchLogPage({ sort, order, page, pageSize }: LogPageRequest) {
  const search = new URLSearchParams({
    sort,
    order,
    page: String(page),
    pageSize: String(pageSize),
  })
  return api<LogPage>(`/api/logs?${search}`)
}

export const fetchLogEntry = (id: string) => api<LogEntry>(`/api/logs/${encodeURIComponent(id)}`)
