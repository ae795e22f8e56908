import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'
import { queryClient } from '../../lib/query-client.ts'
import { logPageQuery } from './api.ts'
import { readLogSearch } from './log-search.ts'

// Starts fetching the page of the log as soon as the address matches, alongside the screen's
// code, instead of after it: the first rows of a large log appear one round trip sooner. It
// does not wait for the answer; the page reads it from the query cache. The server still
// refuses anyone below level 4.
function prefetchLogPage({ request }: LoaderFunctionArgs) {
  const search = readLogSearch(new URL(request.url).searchParams)
  void queryClient.prefetchQuery(logPageQuery(search))
  return null
}

// Mounted at /members/logs (level 4). The entry views are pages of their own, not panes of the
// list, so each has its own address and heading.
export const logsRoutes: RouteObject[] = [
  {
    index: true,
    loader: prefetchLogPage,
    lazy: lazyPage(
      () => import('./logs-page.tsx'),
      (m) => m.LogsPage,
    ),
  },
  {
    path: ':id',
    lazy: lazyPage(
      () => import('./log-entry-page.tsx'),
      (m) => m.LogValuePage,
    ),
  },
  {
    path: ':id/error',
    lazy: lazyPage(
      () => import('./log-entry-page.tsx'),
      (m) => m.LogErrorPage,
    ),
  },
]
