import { queryOptions } from '@tanstack/react-query'
import type { PlotStates, SiteMap } from '#shared/schemas/site-map'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// Each site has its own drawing (decision 49). Without a site, the server answers with the first
// site the viewer sees: the only one of a one-site installation or of a site representative's.
const siteParam = (site: number | undefined) => (site === undefined ? '' : `?site=${site}`)

/** The stored drawing of a site, or null before it has one. */
export const siteMapQuery = (site?: number) =>
  queryOptions({
    queryKey: [...queryKeys.siteMap, site ?? 'first'],
    queryFn: () => api<SiteMap | null>(`/api/site-map${siteParam(site)}`),
  })

/**
 * The plots' states of a site's map as the server tells this viewer (issue 44), under the plots'
 * key: a change of a plot, a tenant or an offer (which the offers screens refresh plots for)
 * shows on the map. Keyed by the plot's name on the drawing.
 */
export const plotStatesQuery = (site?: number) =>
  queryOptions({
    queryKey: [...queryKeys.plots, 'states', site ?? 'first'],
    queryFn: () => api<PlotStates>(`/api/site-map/plot-states${siteParam(site)}`),
  })
