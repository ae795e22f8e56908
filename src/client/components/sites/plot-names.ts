import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { siteMessages } from '#shared/messages/sites'
import type { Plot } from '#shared/schemas/plot'
import { plotsQuery } from '#client/components/plots/plots-query.ts'
import { sitesQuery } from '#client/components/sites/chosen-site.ts'

type Named = Pick<Plot, 'name' | 'siteId'>

export interface PlotNames {
  /** A plot as screens name it: "1", or "1 (Northfield)" where the organisation has several sites. */
  of: (plot: Named) => string
  /** The same for a plot known by its key only (a person's plots, a tenancy's end). */
  ofKey: (key: string) => string
}

// Screens show a plot's name, never its key (decision 43: another site's "1" is keyed "1-2").
// With one site the two are the same, so the plots list is fetched only where there are several.
export function usePlotNames(): PlotNames {
  const { data: sites = [] } = useQuery(sitesQuery)
  const several = sites.length > 1
  const { data: plots } = useQuery({ ...plotsQuery(), enabled: several })
  return useMemo(() => {
    const siteNames = new Map(sites.map((site) => [site.id, site.name]))
    const of = (plot: Named) => {
      const site = siteNames.get(plot.siteId)
      return several && site ? siteMessages.plotOnSite(plot.name, site) : plot.name
    }
    const byKey = new Map((plots ?? []).map((plot) => [plot.id, plot]))
    const ofKey = (key: string) => {
      const plot = byKey.get(key)
      return plot ? of(plot) : key
    }
    return { of, ofKey }
  }, [sites, several, plots])
}
