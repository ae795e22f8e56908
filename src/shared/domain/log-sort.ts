// How the activity log is ordered and paged. Free of zod, so the log screen's code stays small.

export const LOG_SORT_COLUMNS = ['timeStamp', 'methodName', 'userName', 'error'] as const
export type LogSortColumn = (typeof LOG_SORT_COLUMNS)[number]
export type SortOrder = 'asc' | 'desc'

export const LOG_PAGE_SIZE = 50
export const LOG_MAX_PAGE_SIZE = 200

export interface LogSort {
  sort: LogSortColumn
  order: SortOrder
}

// Spec section 9: the log starts newest first; any other column starts ascending.
export function defaultLogOrder(column: LogSortColumn): SortOrder {
  return column === 'timeStamp' ? 'desc' : 'asc'
}

export const DEFAULT_LOG_SORT: LogSort = { sort: 'timeStamp', order: defaultLogOrder('timeStamp') }

// Clicking the sorted column again reverses it; clicking another column starts at its default.
export function nextLogSort(current: LogSort, column: LogSortColumn): LogSort {
  if (current.sort === column) {
    return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' }
  }
  return { sort: column, order: defaultLogOrder(column) }
}
