import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { logPageQuery } from './api.ts'
import { LogTable } from './log-table.tsx'
import { Pager } from '../../components/ui/pager.tsx'
import { useLogSearch } from './use-log-search.ts'
import './logs.css'

export function LogsPage() {
  const { request, sortBy, goToPage } = useLogSearch()
  const { search } = useLocation()
  // The previous page stays on screen while the next one loads, so the table does not jump.
  const logs = useQuery({ ...logPageQuery(request), placeholderData: keepPreviousData })

  return (
    <section>
      <PageHeading>Logs</PageHeading>
      <QueryState query={logs}>
        {({ entries, total, pageSize }) => (
          <>
            <p className="log-count">
              Log Count: <strong>{total.toLocaleString('en-GB')}</strong>
            </p>
            <LogTable
              entries={entries}
              sort={request}
              onSort={sortBy}
              from={search}
              busy={logs.isPlaceholderData}
            />
            {total === 0 ? <p>Nothing has been logged yet.</p> : null}
            <Pager
              label="Log pages"
              page={request.page}
              pageCount={Math.max(1, Math.ceil(total / pageSize))}
              onPage={goToPage}
            />
          </>
        )}
      </QueryState>
    </section>
  )
}
