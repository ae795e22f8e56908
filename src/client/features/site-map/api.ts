import { queryOptions } from '@tanstack/react-query'
import type { SaveSiteLayout, SiteMap, SiteMapCheck } from '#shared/schemas/site-map'
import { api, uploadForm } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

export const siteMapCheckQuery = queryOptions({
  queryKey: [...queryKeys.siteMap, 'check'],
  queryFn: () => api<SiteMapCheck>('/api/site-map/check'),
  staleTime: 0,
})

// A new drawing or new plots change what the map, its check (under the map's key) and the plot
// lists show, and the first-run steps.
const changedBySiteMap = [queryKeys.siteMap, queryKeys.plots, queryKeys.setup]

export const useImportDrawing = () =>
  useChange({
    mutationFn: (file: File) =>
      api<SiteMap>('/api/site-map/drawing', { method: 'POST', body: uploadForm({}, file) }),
    invalidates: changedBySiteMap,
  })

export const useSaveLayout = () =>
  useChange({
    mutationFn: (input: SaveSiteLayout) =>
      api<SiteMap>('/api/site-map', { method: 'PUT', json: input }),
    invalidates: changedBySiteMap,
  })

export const useCreatePlotsFromMap = () =>
  useChange({
    mutationFn: () => api<{ created: string[] }>('/api/site-map/plots', { method: 'POST' }),
    invalidates: changedBySiteMap,
  })
