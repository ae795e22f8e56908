import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { SaveSiteLayout, SiteMap, SiteMapCheck } from '#shared/schemas/site-map'
import { siteMapQuery } from '../../components/site-map/site-map-query.ts'
import { api, uploadForm } from '../../lib/api.ts'

export const siteMapCheckQuery = queryOptions({
  queryKey: ['site-map', 'check'],
  queryFn: () => api<SiteMapCheck>('/api/site-map/check'),
  staleTime: 0,
})

// A new drawing or new plots change what the map, its check ('site-map' too) and the plot lists
// show.
function useSiteMapChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: siteMapQuery.queryKey }),
        client.invalidateQueries({ queryKey: ['plots'] }),
        client.invalidateQueries({ queryKey: ['setup'] }),
      ]),
  })
}

export const useImportDrawing = () =>
  useSiteMapChange((file: File) =>
    api<SiteMap>('/api/site-map/drawing', { method: 'POST', body: uploadForm({}, file) }),
  )

export const useSaveLayout = () =>
  useSiteMapChange((input: SaveSiteLayout) =>
    api<SiteMap>('/api/site-map', { method: 'PUT', json: input }),
  )

export const useCreatePlotsFromMap = () =>
  useSiteMapChange(() => api<{ created: string[] }>('/api/site-map/plots', { method: 'POST' }))
