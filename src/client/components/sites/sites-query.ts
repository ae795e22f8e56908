import type { Site } from '#shared/schemas/site'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// The organisation's sites, public (a plot holder's My allotment names a plot's site with it). In
// a module of its own: My allotment asks for it before its screen's code arrives, and the members
// area's first load takes this, not the site chooser's hooks.
export const sitesQuery = {
  queryKey: queryKeys.sites,
  queryFn: () => api<Site[]>('/api/sites'),
  staleTime: 60_000,
}
