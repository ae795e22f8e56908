import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useNavigate } from 'react-router'
import {
  filterPlots,
  PLOT_FILTER_MIN_LENGTH,
  plotStatus,
  type PlotStatus,
} from '#shared/domain/plots'
import { plotMessages } from '#shared/messages/plots'
import type { Plot } from '#shared/schemas/plot'
import { StoredSiteMap } from '../../components/site-map/stored-site-map.tsx'
import { plotHref } from './api.ts'
import type { TenantNames } from './use-tenant-names.ts'

interface Props {
  plots: Plot[]
  filter: string
  /** The committee's: the filter finds plots by their tenants' names too. */
  tenantNames: TenantNames
}

export function PlotsMap({ plots, filter, tenantNames }: Props) {
  const navigate = useNavigate()
  const container = useRef<HTMLDivElement>(null)
  const status = useMemo(() => {
    const byId: Record<string, PlotStatus> = {}
    for (const plot of plots) byId[plot.id] = plotStatus(plot)
    return byId
  }, [plots])
  const matching = useMemo(
    () =>
      filter.trim().length >= PLOT_FILTER_MIN_LENGTH
        ? new Set(filterPlots(plots, filter, tenantNames).map((plot) => plot.id))
        : null,
    [plots, filter, tenantNames],
  )
  const select = useCallback((id: string) => navigate(plotHref(id)), [navigate])

  // SiteMap has no prop for this, so the plots outside the filter are marked with an attribute
  // React does not manage (it would survive SiteMap's re-renders) and dimmed by plots-list.css.
  useEffect(() => {
    const shapes = container.current?.querySelectorAll<SVGGElement>('g[data-plot-id]') ?? []
    for (const shape of shapes) {
      const dimmed = matching !== null && !matching.has(shape.dataset.plotId ?? '')
      shape.toggleAttribute('data-dimmed', dimmed)
    }
  }, [matching, status])

  return (
    <div ref={container} className="plots-map">
      <p className="count" aria-live="polite">
        {matching ? plotMessages.plotsMatch(matching.size) : plotMessages.choosePlotOnMap}
      </p>
      <StoredSiteMap title="Plots on the site map" plotStatus={status} onSelectPlot={select} />
    </div>
  )
}
