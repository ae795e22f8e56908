import { queryOptions } from '@tanstack/react-query'
import type { Person } from '#shared/schemas/person'
import type { NewPlot, Plot, UpdatePlot } from '#shared/schemas/plot'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { tenantPath } from '#client/components/tenancy/tenancy-api.ts'

const plotPath = (id: string) => `/api/plots/${encodeURIComponent(id)}`

export type Tenancy = { plot: Plot; person: Person }

// Under the collection's key: a change to plots (here or in another feature) refreshes every
// plot's record. The lists are in components/plots/plots-query.ts (the sites screen counts them).
export const plotQuery = (id: string) =>
  queryOptions({ queryKey: [...queryKeys.plots, id], queryFn: () => api<Plot>(plotPath(id)) })

export const createPlot = (plot: NewPlot) => api<Plot>('/api/plots', { method: 'POST', json: plot })
export const updatePlot = (id: string, plot: UpdatePlot) =>
  api<Plot>(plotPath(id), { method: 'PUT', json: plot })

export const choosePayer = (id: string, personId: string) =>
  api<Plot>(`${plotPath(id)}/payer`, { method: 'PUT', json: { personId } })

export const putTenant = (plotId: string, personId: string) =>
  api<Tenancy>(tenantPath(plotId, personId), { method: 'PUT' })

// Without a status the server answers with everyone: plot holders and the waiting list alike.
// Under people's key, so a change to people (on their screens or by an offer) refreshes it.
export const everyoneQuery = queryOptions({
  queryKey: [...queryKeys.people, 'all'],
  queryFn: () => api<Person[]>('/api/people'),
})

// The tenants' names (committee only): shared with the screens that follow a tenancy's end.
export { tenantNamesQuery } from '#client/components/tenancy/tenancy-api.ts'
