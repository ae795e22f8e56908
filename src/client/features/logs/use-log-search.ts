import { useSearchParams } from 'react-router'
import { nextLogSort, type LogSortColumn } from '#shared/domain/log-sort'
import { readLogSearch } from './log-search.ts'

export function useLogSearch() {
  const [params, setParams] = useSearchParams()
  const request = readLogSearch(params)
  const go = (next: { sort: LogSortColumn; order: string; page: number }) =>
    setParams({ sort: next.sort, order: next.order, page: String(next.page) })
  return {
    request,
    // A new sort starts again at the first page: page 7 of another order means nothing.
    sortBy: (column: LogSortColumn) => go({ ...nextLogSort(request, column), page: 1 }),
    goToPage: (page: number) => go({ ...request, page }),
  }
}
