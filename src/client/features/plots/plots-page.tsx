import { useDeferredValue, useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { ListActions } from '../../components/ui/list-actions.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { useViewer } from '../../lib/session.ts'
import { plotsQuery } from '#client/components/plots/plots-query.ts'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { PlotsFilter } from './plots-filter.tsx'
import { PlotsGrid } from './plots-grid.tsx'
import { PlotsMap } from './plots-map.tsx'
import { usePlotsView } from './use-plots-view.ts'
import { useTenantNames } from './use-tenant-names.ts'
import './plots-list.css'

export function PlotsPage() {
  const chosen = useChosenSite()
  const plots = useQuery(plotsQuery(chosen.site))
  const { data: viewer } = useViewer()
  const [view, toggleView] = usePlotsView()
  const [filter, setFilter] = useState('')
  const tenantNames = useTenantNames()
  // The box answers every key at once; the 2,000-plot grid catches up when React has time.
  const deferredFilter = useDeferredValue(filter)

  return (
    <section>
      <PageHeading>Plots</PageHeading>
      <SiteChooser chosen={chosen} />
      <div className="toolbar">
        <PlotsFilter value={filter} onChange={setFilter} />
        <button type="button" className="button button--quiet" onClick={toggleView}>
          {view === 'grid' ? 'Switch to map' : 'Switch to grid'}
        </button>
        {(viewer?.level ?? 0) >= 3 ? (
          <>
            <Link className="button" to="/members/plots/new">
              New plot
            </Link>
            <Link className="button button--quiet" to="/members/inspections">
              Inspections
            </Link>
          </>
        ) : null}
        <ListActions csvHref="/api/exports/plots.csv" />
      </div>
      <QueryState query={plots}>
        {(rows) =>
          view === 'grid' ? (
            <PlotsGrid plots={rows} filter={deferredFilter} tenantNames={tenantNames} />
          ) : (
            <PlotsMap
              plots={rows}
              filter={deferredFilter}
              tenantNames={tenantNames}
              chosen={chosen}
            />
          )
        }
      </QueryState>
    </section>
  )
}
