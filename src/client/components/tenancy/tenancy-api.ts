import { queryOptions } from '@tanstack/react-query'
import type { LeavingChoice } from '#shared/domain/part-year'
import type { EndedTenancy, EndingForm, TenancyEnd } from '#shared/schemas/leaving'
import type { Person } from '#shared/schemas/person'
import type { Plot, TenantName } from '#shared/schemas/plot'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// A tenancy's end (issue 44), asked from a plot's tenants and from a person's Remove screen.

/** The API's address of one tenancy: the plot's tenant. */
export const tenantPath = (plotId: string, personId: string) =>
  `/api/plots/${encodeURIComponent(plotId)}/tenants/${encodeURIComponent(personId)}`

/** The plot and the person as the change left them; the end as kept, unless added by mistake. */
export type TenancyEnded = { plot: Plot; person: Person; ending?: EndedTenancy }

/** London's today and the day the tenancy began: under plots, as a tenant change alters them. */
export const endingFormQuery = (plotId: string, personId: string) =>
  queryOptions({
    queryKey: [...queryKeys.plots, 'ending', plotId, personId],
    queryFn: () => api<EndingForm>(`${tenantPath(plotId, personId)}/ending`),
  })

/** The person's tenancies that ended: under people, as every tenancy's end changes them. */
export const tenancyEndsQuery = (personId: string) =>
  queryOptions({
    queryKey: [...queryKeys.people, 'tenancy-ends', personId],
    queryFn: () => api<EndedTenancy[]>(`/api/people/${encodeURIComponent(personId)}/tenancy-ends`),
  })

export const endTenancy = (plotId: string, personId: string, end: TenancyEnd) =>
  api<TenancyEnded>(`${tenantPath(plotId, personId)}/end`, { method: 'POST', json: end })

/** A tenant added by mistake, taken off with no record of an end (the spec's removal). */
export const removeTenant = (plotId: string, personId: string, invoice?: LeavingChoice) =>
  api<TenancyEnded>(`${tenantPath(plotId, personId)}${invoice ? `?invoice=${invoice}` : ''}`, {
    method: 'DELETE',
  })

/**
 * The tenants' names (committee only), under people's key: a change of name or of tenancy
 * refreshes them. The plots screens read them too.
 */
export const tenantNamesQuery = queryOptions({
  queryKey: [...queryKeys.people, 'tenant-names'],
  queryFn: () => api<TenantName[]>('/api/tenants'),
})

/** What a tenancy's end changes on every screen. */
export const endingChanges = [
  queryKeys.plots,
  queryKeys.people,
  queryKeys.rent,
  queryKeys.offers,
  queryKeys.waitingList,
]
