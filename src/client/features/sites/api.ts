import type { Site, SiteFields, UpdateSite } from '#shared/schemas/site'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { useChange } from '#client/lib/use-change.ts'

const sitePath = (id: number) => `/api/sites/${id}`

// A site's change shows in every chooser and in the plots screens' names of sites.
const changedBySites = [queryKeys.sites]

export const useAddSite = () =>
  useChange({
    mutationFn: (fields: SiteFields) => api<Site>('/api/sites', { method: 'POST', json: fields }),
    invalidates: changedBySites,
  })

export const useSaveSite = (id: number) =>
  useChange({
    mutationFn: (fields: UpdateSite) => api<Site>(sitePath(id), { method: 'PUT', json: fields }),
    invalidates: changedBySites,
  })

/** Retires a site in use, or brings a retired one back, at the version shown. */
export const useRetireOrReopen = (site: Site) =>
  useChange({
    mutationFn: () =>
      api<Site>(`${sitePath(site.id)}/${site.retiredOn ? 'reopen' : 'retire'}`, {
        method: 'POST',
        json: { version: site.version },
      }),
    invalidates: changedBySites,
  })
