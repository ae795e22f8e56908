import { queryOptions } from '@tanstack/react-query'
import type { MyPlot } from '#shared/schemas/plot'
import type { SiteMap } from '#shared/schemas/site-map'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

/**
 * The plots the signed-in member holds (issue 29), which the map and My allotment mark. 404 says
 * the account is linked to no one: asking again will not change that.
 */
export const ownPlotsQuery = queryOptions({
  queryKey: [...queryKeys.myAllotment, 'plots'],
  queryFn: () => api<MyPlot[]>('/api/me/plots'),
  retry: false,
})

/**
 * Those of the member's plots on a site (every one when it is not known) that its drawing shows: a
 * plot not drawn yet cannot be marked. A drawing names its plots as their site does, by name.
 */
export const drawnPlots = (
  siteMap: SiteMap | null | undefined,
  plots: readonly MyPlot[],
  site?: number,
) => {
  const drawn = new Set(siteMap?.layout.plots.map((plot) => plot.id))
  return plots.filter(
    (plot) => (site === undefined || plot.siteId === site) && drawn.has(plot.name),
  )
}
