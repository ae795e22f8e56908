import { queryOptions } from '@tanstack/react-query'
import type { SaveSiteLayout, SiteMap, SiteMapCheck } from '#shared/schemas/site-map'
import { api, uploadForm } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

/** The site whose drawing the screen shows; undefined: the only one the administrator has. */
export type DrawingSite = number | undefined

const siteParam = (site: DrawingSite) => (site === undefined ? '' : `?site=${site}`)

export const siteMapCheckQuery = (site: DrawingSite) =>
  queryOptions({
    queryKey: [...queryKeys.siteMap, site ?? 'first', 'check'],
    queryFn: () => api<SiteMapCheck>(`/api/site-map/check${siteParam(site)}`),
    staleTime: 0,
  })

// A new drawing or new plots change what the map, its check (under the map's key) and the plot
// lists show, and the first-run steps.
const changedBySiteMap = [queryKeys.siteMap, queryKeys.plots, queryKeys.setup]

export const useImportDrawing = (site: DrawingSite) =>
  useChange({
    mutationFn: (file: File) =>
      api<SiteMap>(`/api/site-map/drawing${siteParam(site)}`, {
        method: 'POST',
        body: uploadForm({}, file),
      }),
    invalidates: changedBySiteMap,
  })

export const useSaveLayout = (site: DrawingSite) =>
  useChange({
    mutationFn: (input: SaveSiteLayout) =>
      api<SiteMap>(`/api/site-map${siteParam(site)}`, { method: 'PUT', json: input }),
    invalidates: changedBySiteMap,
  })

export const useCreatePlotsFromMap = (site: DrawingSite) =>
  useChange({
    mutationFn: () =>
      api<{ created: string[] }>(`/api/site-map/plots${siteParam(site)}`, { method: 'POST' }),
    invalidates: changedBySiteMap,
  })
