import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useNavigate } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { filterPlots, PLOT_FILTER_MIN_LENGTH } from '#shared/domain/plots'
import { plotMessages } from '#shared/messages/plots'
import { siteMessages } from '#shared/messages/sites'
import type { Plot } from '#shared/schemas/plot'
import { StoredSiteMap } from '../../components/site-map/stored-site-map.tsx'
import {
  keysByName,
  nameKey,
  plotStatesQuery,
  siteMapQuery,
} from '../../components/site-map/site-map-query.ts'
import type { ChosenSite } from '#client/components/sites/chosen-site.ts'
import { plotPath } from '#client/lib/paths.ts'
import type { TenantNames } from './use-tenant-names.ts'

interface Props {
  /** The plots of the site chosen (of every site, when there is one). */
  plots: Plot[]
  filter: string
  /** The committee's: the filter finds plots by their tenants' names too. */
  tenantNames: TenantNames
  chosen: ChosenSite
}

/** Each site has its own drawing: with several, the map waits for one to be chosen. */
export function PlotsMap(props: Props) {
  const { chosen } = props
  if (chosen.site === undefined && chosen.sites.length > 1)
    return <p className="count">{siteMessages.chooseSiteForMap}</p>
  return <SitePlotsMap {...props} site={chosen.site} />
}

function SitePlotsMap({ plots, filter, tenantNames, site }: Props & { site: number | undefined }) {
  const navigate = useNavigate()
  const container = useRef<HTMLDivElement>(null)
  const keyOf = useMemo(() => keysByName(plots), [plots])
  const matching = useMemo(
    () =>
      filter.trim().length >= PLOT_FILTER_MIN_LENGTH
        ? new Set(filterPlots(plots, filter, tenantNames).map((plot) => nameKey(plot.name)))
        : null,
    [plots, filter, tenantNames],
  )
  const select = useCallback((name: string) => navigate(plotPath(keyOf(name))), [navigate, keyOf])
  // The drawing's plots are drawn afresh when either arrives or changes: marked again then.
  const drawing = useQuery(siteMapQuery(site)).data
  const states = useQuery(plotStatesQuery(site)).data

  // SiteMap has no prop for this, so the plots outside the filter are marked with an attribute
  // React does not manage (it would survive SiteMap's re-renders) and dimmed by plots-list.css.
  useEffect(() => {
    const shapes = container.current?.querySelectorAll<SVGGElement>('g[data-plot-id]') ?? []
    for (const shape of shapes) {
      const dimmed = matching !== null && !matching.has(nameKey(shape.dataset.plotId ?? ''))
      shape.toggleAttribute('data-dimmed', dimmed)
    }
  }, [matching, drawing, states])

  return (
    <div ref={container} className="plots-map">
      <p className="count" aria-live="polite">
        {matching ? plotMessages.plotsMatch(matching.size) : plotMessages.choosePlotOnMap}
      </p>
      <StoredSiteMap title="Plots on the site map" showStates onSelectPlot={select} site={site} />
    </div>
  )
}
