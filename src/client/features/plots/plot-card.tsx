import { memo } from 'react'
import { Link } from 'react-router'
import { plotStatus } from '#shared/domain/plots'
import type { Plot } from '#shared/schemas/plot'
import { plotMessages } from '#shared/messages/plots'
import { plotPath } from '#client/lib/paths.ts'

// Memoised: typing in the filter re-renders the grid, but unchanged plots keep their cards.
// `tenants` is the tenants as the grid names them ('Arjun Singh, Priya Shah'), '' for none; `name`
// the plot's as screens show it (its site's too where there are several).
export const PlotCard = memo(function PlotCard({
  plot,
  name,
  tenants,
}: {
  plot: Plot
  name: string
  tenants: string
}) {
  const status = plotStatus(plot)
  const flags = [plot.isNew ? 'New' : '', plot.isFailed ? 'Failed or lapsed' : ''].filter(Boolean)
  // The explicit spaces keep the words apart in the link's accessible name.
  return (
    <li className="plots-grid__item">
      <Link className={`plot-card plot-card--${status}`} to={plotPath(plot.id)}>
        <span className="plot-card__id">Plot {name}</span>{' '}
        <span className="plot-card__tenants">{tenants || 'No tenants'}</span>{' '}
        <span className="plot-card__status">
          {[plotMessages.plotStatus[status], ...flags].join(' · ')}
        </span>
      </Link>
    </li>
  )
})
