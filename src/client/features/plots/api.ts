import { queryOptions } from '@tanstack/react-query'
import type { LeavingChoice } from '#shared/domain/part-year'
import type { Person } from '#shared/schemas/person'
import type { NewPlot, Plot, TenantName, UpdatePlot } from '#shared/schemas/plot'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

const plotPath = (id: string) => `/api/plots/${encodeURIComponent(id)}`
const tenantPath = (plotId: string, personId: string) =>
  `${plotPath(plotId)}/tenants/${encodeURIComponent(personId)}`

export type Tenancy = { plot: Plot; person: Person }

// Under the collection's key: a change to plots (here or in another feature) refreshes the list
// and every plot's record.
export const plotsQuery = queryOptions({
  queryKey: queryKeys.plots,
  queryFn: () => api<Plot[]>('/api/plots'),
})

export const plotQuery = (id: string) =>
  queryOptions({ queryKey: [...queryKeys.plots, id], queryFn: () => api<Plot>(plotPath(id)) })

export const createPlot = (plot: NewPlot) => api<Plot>('/api/plots', { method: 'POST', json: plot })
export const updatePlot = (id: string, plot: UpdatePlot) =>
  api<Plot>(plotPath(id), { method: 'PUT', json: plot })

export const choosePayer = (id: string, personId: string) =>
  api<Plot>(`${plotPath(id)}/payer`, { method: 'PUT', json: { personId } })

export const putTenant = (plotId: string, personId: string) =>
  api<Tenancy>(tenantPath(plotId, personId), { method: 'PUT' })
// `invoice`: what the committee chose for the leaver's invoice still owing, when asked.
export const deleteTenant = (plotId: string, personId: string, invoice?: LeavingChoice) =>
  api<Tenancy>(`${tenantPath(plotId, personId)}${invoice ? `?invoice=${invoice}` : ''}`, {
    method: 'DELETE',
  })

// Without a status the server answers with everyone: plot holders and the waiting list alike.
// Under people's key, so a change to people (on their screens or by an offer) refreshes it.
export const everyoneQuery = queryOptions({
  queryKey: [...queryKeys.people, 'all'],
  queryFn: () => api<Person[]>('/api/people'),
})

// The tenants' names (committee only), under people's key: a change of name or of tenancy
// refreshes them.
export const tenantNamesQuery = queryOptions({
  queryKey: [...queryKeys.people, 'tenant-names'],
  queryFn: () => api<TenantName[]>('/api/tenants'),
})

/** The link to a plot's page; ids may hold spaces. */
export const plotHref = (id: string) => `/members/plots/${encodeURIComponent(id)}`
