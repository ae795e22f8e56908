import { useMemo } from 'react'
import { filterPlots, PLOT_FILTER_MIN_LENGTH } from '#shared/domain/plots'
import type { Plot } from '#shared/schemas/plot'
import { counted } from '#shared/domain/text'
import { ShowMore } from '../../components/ui/show-more.tsx'
import { PlotCard } from './plot-card.tsx'
import { useShowMore } from '../../lib/use-show-more.ts'
import { tenantLabel, type TenantNames } from './use-tenant-names.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'

const PAGE_SIZE = 200

interface Props {
  plots: Plot[]
  filter: string
  /** The committee's: the cards name the tenants, and the filter finds them by name. */
  tenantNames: TenantNames
}

export function PlotsGrid({ plots, filter, tenantNames }: Props) {
  // Spec section 3: showOnGrid false hides a plot from the grid (the map still draws it).
  const onGrid = useMemo(() => plots.filter((plot) => plot.showOnGrid), [plots])
  const matching = useMemo(
    () => filterPlots(onGrid, filter, tenantNames),
    [onGrid, filter, tenantNames],
  )
  const { visible, hidden, showMore } = useShowMore(matching, PAGE_SIZE)
  const names = usePlotNames()
  const filtered = filter.trim().length >= PLOT_FILTER_MIN_LENGTH

  return (
    <>
      <p className="count" aria-live="polite">
        {filtered
          ? `${counted(matching.length, 'plot')} of ${onGrid.length.toLocaleString('en-GB')} match`
          : counted(matching.length, 'plot')}
        {hidden > 0 ? `; showing the first ${visible.length.toLocaleString('en-GB')}` : ''}
      </p>
      {matching.length > 0 ? (
        <ul className="plots-grid" aria-label="Plots">
          {visible.map((plot) => (
            <PlotCard
              key={plot.id}
              plot={plot}
              name={names.of(plot)}
              tenants={plot.tenants.map((id) => tenantLabel(tenantNames, id)).join(', ')}
            />
          ))}
        </ul>
      ) : null}
      <ShowMore hidden={hidden} onShowMore={showMore} className="plots-more" />
    </>
  )
}
