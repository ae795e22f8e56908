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

// A drawing names its plots as their site does ("1"); every record, and every address, names a
// plot by its key ("1-2" for the second site's "1", decision 43). A name is matched in any case,
// as the site's own names are unique in any case.

/** How a drawn name and a plot's name are compared. */
export const nameKey = (name: string) => name.toLowerCase()

/**
 * The key of the plot a drawing names, among one site's plots; the name itself when none has it
 * (with one site, the name is the key).
 */
export function keysByName(plots: readonly { id: string; name: string }[]) {
  const keys = new Map(plots.map((plot) => [nameKey(plot.name), plot.id]))
  return (name: string) => keys.get(nameKey(name)) ?? name
}
