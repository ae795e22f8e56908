import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { commonMessages } from '#shared/messages/common'
import type { Plot } from '#shared/schemas/plot'
import { plotsQuery } from '#client/components/plots/plots-query.ts'
import { useViewersSites } from '#client/components/sites/chosen-site.ts'

type Named = Pick<Plot, 'name' | 'siteId'>

export interface PlotNames {
  /** A plot as screens name it: "1", or "1 (Northfield)" where the viewer sees several sites. */
  of: (plot: Named) => string
  /** The plot of a record that carries its name and site (an invoice). */
  ofRecord: (record: { plotName: string; siteId: number }) => string
  /** The same for a plot known by its key only (a person's plots, a tenancy's end). */
  ofKey: (key: string) => string
  /** A person's plots, any beyond the viewer's sites said once, last: "1, 4, on another site". */
  ofKeys: (keys: readonly string[]) => string
}

// Screens show a plot's name, never its key (decision 43: another site's "1" is keyed "1-2").
// With one site the two are the same, so the plots list is fetched only where there are several.
// A name says its site only to a viewer who sees several: a site representative's "1" is theirs.
// A plot beyond the viewer's sites (one a person of theirs also holds) is not in their list, and
// is said to be on another site rather than shown by its key.
export function usePlotNames(): PlotNames {
  const { all, sites } = useViewersSites()
  const several = all.length > 1
  const named = sites.length > 1
  const { data: plots } = useQuery({ ...plotsQuery(), enabled: several })
  return useMemo(() => {
    const siteNames = new Map(sites.map((site) => [site.id, site.name]))
    const of = (plot: Named) => {
      const site = siteNames.get(plot.siteId)
      return named && site ? commonMessages.plotOnSite(plot.name, site) : plot.name
    }
    const byKey = new Map((plots ?? []).map((plot) => [plot.id, plot]))
    const ofKey = (key: string) => {
      const plot = byKey.get(key)
      if (plot) return of(plot)
      return plots && several ? commonMessages.plotElsewhere : key
    }
    const ofKeys = (keys: readonly string[]) => {
      const names = keys.map(ofKey)
      const known = names.filter((name) => name !== commonMessages.plotElsewhere)
      const beyond = known.length < names.length ? [commonMessages.plotElsewhere] : []
      return [...known, ...beyond].join(', ')
    }
    const ofRecord = (record: { plotName: string; siteId: number }) =>
      of({ name: record.plotName, siteId: record.siteId })
    return { of, ofRecord, ofKey, ofKeys }
  }, [sites, several, named, plots])
}
