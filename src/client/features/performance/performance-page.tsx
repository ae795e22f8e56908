import { useQuery } from '@tanstack/react-query'
import { VITALS_RETENTION_DAYS, type MetricName } from '#shared/domain/web-vitals'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { vitalsSummaryQuery } from './api.ts'
import { MetricTable } from './metric-table.tsx'
import './performance.css'

// The three Core Web Vitals first, then the two that help explain a slow LCP.
const PANEL_ORDER: MetricName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB']

// What visitors' own browsers measured, for the administrator (issue 7).
export function PerformancePage() {
  const summary = useQuery(vitalsSummaryQuery)
  return (
    <section className="vitals">
      <PageHeading>Performance</PageHeading>
      <p>
        The 75th percentile of what visitors’ browsers measured over the last{' '}
        {VITALS_RETENTION_DAYS} days, per page: three in four page views were at least this fast.
      </p>
      <QueryState query={summary}>
        {(rows) => (
          <>
            {PANEL_ORDER.map((name) => (
              <MetricTable key={name} name={name} rows={rows.filter((r) => r.name === name)} />
            ))}
          </>
        )}
      </QueryState>
    </section>
  )
}
