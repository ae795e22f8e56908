import { lazy, Suspense, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { areaInput, areaLabel } from '#shared/domain/area'
import { feeInput } from '#shared/domain/money'
import { plotStatus } from '#shared/domain/plots'
import type { Plot } from '#shared/schemas/plot'
import { useIsCommittee } from './committee-only.tsx'
import { areaUnitQuery } from '../../components/rent/area-unit-query.ts'
import { InvoiceHistory } from '../../components/rent/invoice-history.tsx'
import { RaiseInvoice } from '../../components/rent/raise-invoice.tsx'
import { tenantLabel, useTenantNames } from './use-tenant-names.ts'
import { plotMessages } from '#shared/messages/plots'
import { plotPath } from '#client/lib/paths.ts'

// Loaded apart: it carries the offers' words, which the plot's page, near its budget, does without.
const OfferPlotLink = lazy(() =>
  import('./offer-plot-link.tsx').then((m) => ({ default: m.OfferPlotLink })),
)

// Loaded apart, for the committee only: who pays a joint plot, and the choice of another.
const WhoPays = lazy(() => import('./who-pays.tsx').then((m) => ({ default: m.WhoPays })))

// Loaded apart, for the committee only: its words and its timeline.
const PlotHistory = lazy(() =>
  import('./plot-history.tsx').then((m) => ({ default: m.PlotHistory })),
)

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

interface Props {
  plot: Plot
  onEdit: () => void
  /** True when coming back from the edit form. */
  focusEdit: boolean
}

export function PlotDetail({ plot, onEdit, focusEdit }: Props) {
  // Spec section 2: tenant links and Edit Tenants are active above level 2, inactive below 3.
  const active = useIsCommittee()
  const tenantNames = useTenantNames()
  const editButton = useRef<HTMLButtonElement>(null)
  // Square metres until the society's unit is known (it is cached after the first plot).
  const unit = useQuery(areaUnitQuery).data ?? 'squareMetre'
  useEffect(() => {
    if (focusEdit) editButton.current?.focus()
  }, [focusEdit])
  const facts: Array<[string, string]> = [
    ['Description', plot.description || '—'],
    [areaLabel(unit), areaInput(plot.area, unit)],
    ['Distance (m)', String(plot.distance)],
    ['Gradient', plot.gradient],
    ['Fee (£)', feeInput(plot.fee)],
    [
      'Charged as',
      plot.sizeBand ? plotMessages.sizeBand[plot.sizeBand] : plotMessages.sizeBandNone,
    ],
    ['Paid', yesNo(plot.paid)],
    ['Occupied', yesNo(plot.occupied)],
    ['Status', plotMessages.plotStatus[plotStatus(plot)]],
    ['Show on grid', yesNo(plot.showOnGrid)],
    ['New plot', yesNo(plot.isNew)],
    ['Failed or lapsed', yesNo(plot.isFailed)],
  ]

  return (
    <>
      <dl className="plot-facts">
        {facts.map(([term, value]) => (
          <div key={term} className="plot-facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>Tenants</h2>
      {plot.tenants.length === 0 ? <p>No tenants.</p> : null}
      {active && plot.tenants.length === 0 ? (
        <Suspense fallback={null}>
          <OfferPlotLink plotId={plot.id} />
        </Suspense>
      ) : null}
      <ul className="tenant-links" hidden={plot.tenants.length === 0}>
        {plot.tenants.map((tenant) => (
          <li key={tenant}>
            {active ? (
              <Link to={`/members/plotholders/${encodeURIComponent(tenant)}`}>
                {/* The spec's tenants are nicknames: the committee reads the name first. */}
                {tenantNames.has(tenant)
                  ? `${tenantLabel(tenantNames, tenant)} (${tenant})`
                  : tenant}
              </Link>
            ) : (
              // Still a link to assistive technology, but a disabled one: no href, no target.
              <a role="link" aria-disabled="true" className="tenant-links__inactive">
                {tenant}
              </a>
            )}
          </li>
        ))}
      </ul>
      {active ? (
        <Suspense fallback={null}>
          <WhoPays plot={plot} />
        </Suspense>
      ) : null}
      <div className="button-row">
        {active ? (
          <Link className="button" to={`${plotPath(plot.id)}/addTenants`}>
            Edit Tenants
          </Link>
        ) : (
          <button type="button" className="button" disabled>
            Edit Tenants
          </button>
        )}
        {active ? (
          <button ref={editButton} type="button" className="button button--quiet" onClick={onEdit}>
            Edit
          </button>
        ) : null}
        <Link className="button button--quiet" to="/members/plots">
          Back to plots
        </Link>
      </div>
      {/* The rent is the committee's business (level 3): the land manager does not see it. */}
      {active ? <InvoiceHistory of="plot" id={plot.id} heading="h2" /> : null}
      {active && plot.occupied ? <RaiseInvoice plotId={plot.id} /> : null}
      {active ? (
        <Suspense fallback={null}>
          <PlotHistory plotId={plot.id} />
        </Suspense>
      ) : null}
    </>
  )
}
