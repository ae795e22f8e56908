import { memo } from 'react'
import { Link } from 'react-router'
import { plotStatus } from '#shared/domain/plots'
import type { Plot } from '#shared/schemas/plot'
import { plotHref } from './api.ts'
import { statusWords } from './plot-status.ts'

// Memoised: typing in the filter re-renders the grid, but unchanged plots keep their cards.
export const PlotCard = memo(function PlotCard({ plot }: { plot: Plot }) {
  const status = plotStatus(plot)
  const flags = [plot.isNew ? 'New' : '', plot.isFailed ? 'Failed or lapsed' : ''].filter(Boolean)
  // The explicit spaces keep the words apart in the link's accessible name.
  return (
    <li className="plots-grid__item">
      <Link className={`plot-card plot-card--${status}`} to={plotHref(plot.id)}>
        <span className="plot-card__id">Plot {plot.id}</span>{' '}
        <span className="plot-card__tenants">
          {plot.tenants.length > 0 ? plot.tenants.join(', ') : 'No tenants'}
        </span>{' '}
        <span className="plot-card__status">{[statusWords[status], ...flags].join(' · ')}</span>
      </Link>
    </li>
  )
})
