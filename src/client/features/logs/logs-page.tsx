import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { sitesQuery } from '#client/components/sites/sites-query.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { logPageQuery } from './api.ts'
import { LogTable } from './log-table.tsx'
import { Pager } from '../../components/ui/pager.tsx'
import { useLogSearch } from './use-log-search.ts'
import './logs.css'

// With more than one site (issue 46), the log shows one site's entries or all, and names the sites
// each entry touched.
export function LogsPage() {
  const { request, sortBy, goToPage } = useLogSearch()
  const { search } = useLocation()
  const chosen = useChosenSite()
  const { data: sites = [] } = useQuery(sitesQuery)
  const siteNames = sites.length > 1 ? new Map(sites.map((site) => [site.id, site.name])) : null
  // The previous page stays on screen while the next one loads, so the table does not jump.
  const logs = useQuery({
    ...logPageQuery({ ...request, site: chosen.site }),
    placeholderData: keepPreviousData,
  })
  // Another site's entries start again at their first page.
  const chooseSite = (site: number | undefined) => {
    chosen.choose(site)
    goToPage(1)
  }

  return (
    <section>
      <PageHeading>Logs</PageHeading>
      <SiteChooser chosen={{ ...chosen, choose: chooseSite }} />
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
              siteNames={siteNames}
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
