import { queryOptions } from '@tanstack/react-query'
import type { Plot } from '#shared/schemas/plot'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

/**
 * The plots the viewer may see, of one site or (site undefined) all of them, under the plots'
 * key: a change to plots (here or in another feature) refreshes every site's list.
 */
export const plotsQuery = (site?: number) =>
  queryOptions({
    queryKey: [...queryKeys.plots, 'list', site ?? 'all'],
    queryFn: () => api<Plot[]>(site === undefined ? '/api/plots' : `/api/plots?site=${site}`),
  })
