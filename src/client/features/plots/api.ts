import type { Person } from '#shared/schemas/person'
import type { NewPlot, Plot, UpdatePlot } from '#shared/schemas/plot'
import { api } from '../../lib/api.ts'

// Keys start with the collection, so invalidating ['plots'] or ['people'] refreshes every list
// and record of it, including those other features keep under the same first key.
export const plotsKey = ['plots'] as const
export const plotKey = (id: string) => ['plots', id] as const
export const peopleKey = ['people'] as const
export const allPeopleKey = ['people', 'all'] as const

const plotPath = (id: string) => `/api/plots/${encodeURIComponent(id)}`
const tenantPath = (plotId: string, personId: string) =>
  `${plotPath(plotId)}/tenants/${encodeURIComponent(personId)}`

export type Tenancy = { plot: Plot; person: Person }

export const fetchPlots = () => api<Plot[]>('/api/plots')
export const fetchPlot = (id: string) => api<Plot>(plotPath(id))
export const createPlot = (plot: NewPlot) => api<Plot>('/api/plots', { method: 'POST', json: plot })
export const updatePlot = (id: string, plot: UpdatePlot) =>
  api<Plot>(plotPath(id), { method: 'PUT', json: plot })

export const putTenant = (plotId: string, personId: string) =>
  api<Tenancy>(tenantPath(plotId, personId), { method: 'PUT' })
export const deleteTenant = (plotId: string, personId: string) =>
  api<Tenancy>(tenantPath(plotId, personId), { method: 'DELETE' })

// Without a status the server answers with everyone: plot holders and the waiting list alike.
export const fetchPeople = () => api<Person[]>('/api/people')

/** The link to a plot's page; ids may hold spaces. */
export const plotHref = (id: string) => `/members/plots/${encodeURIComponent(id)}`
