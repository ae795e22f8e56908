import { useCallback, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Site } from '#shared/schemas/site'
import { sitesQuery } from './sites-query.ts'
import { useViewer } from '#client/lib/session.ts'

// Issue 46: the lists that may show one site or all (plots, the waiting list, rent, letters,
// inspections, the log) share one choice, remembered on the device like the plots view. The
// server decides what a viewer may see; this only chooses among what it shows.
const STORAGE_KEY = 'chosenSite'

function storedSite(): number | undefined {
  try {
    const id = Number(localStorage.getItem(STORAGE_KEY))
    return Number.isInteger(id) && id > 0 ? id : undefined
  } catch {
    return undefined
  }
}

export interface ChosenSite {
  /** The sites the viewer may choose among: all of the organisation's, or those of their limit. */
  sites: Site[]
  /** The site chosen; undefined for all of them. */
  site: number | undefined
  /** What the lists' addresses add for it: '?site=2', or '' for all. */
  query: string
  choose: (site: number | undefined) => void
}

/** The organisation's sites (`all`) and those the viewer may see (`sites`: all, or their limit). */
export function useViewersSites(): { all: Site[]; sites: Site[] } {
  const { data: all = [] } = useQuery(sitesQuery)
  const limit = useViewer().data?.sites ?? null
  return { all, sites: all.filter((site) => limit === null || limit.includes(site.id)) }
}

/** The site the viewer's lists show, of those they may see; all of them until one is chosen. */
export function useChosenSite(): ChosenSite {
  const { sites } = useViewersSites()
  const [stored, setStored] = useState(storedSite)
  // A choice the viewer can no longer see (a site retired from their limit) shows everything.
  const site = sites.some((known) => known.id === stored) ? stored : undefined
  const choose = useCallback((next: number | undefined) => {
    try {
      if (next === undefined) localStorage.removeItem(STORAGE_KEY)
      else localStorage.setItem(STORAGE_KEY, String(next))
    } catch {
      // Not remembered, but the choice itself still holds on this screen.
    }
    setStored(next)
  }, [])
  return { sites, site, query: site === undefined ? '' : `?site=${site}`, choose }
}
