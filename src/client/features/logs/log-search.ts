import {
  DEFAULT_LOG_SORT,
  defaultLogOrder,
  LOG_PAGE_SIZE,
  LOG_SORT_COLUMNS,
  type LogSortColumn,
} from '#shared/domain/log-sort'
import type { LogPageRequest } from './api.ts'

const isColumn = (value: string | null): value is LogSortColumn =>
  LOG_SORT_COLUMNS.some((column) => column === value)

// Sort and page live in the address, so reload, back and a shared link show the same page.
// Anything unreadable there falls back to the spec's default: newest first, page 1.
export function readLogSearch(params: URLSearchParams): LogPageRequest {
  const column = params.get('sort')
  const sort = isColumn(column) ? column : DEFAULT_LOG_SORT.sort
  const order = params.get('order')
  const page = Number(params.get('page'))
  return {
    sort,
    order: order === 'asc' || order === 'desc' ? order : defaultLogOrder(sort),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: LOG_PAGE_SIZE,
  }
}
