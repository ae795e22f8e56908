import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { TenantName } from '#shared/schemas/plot'
import { tenantNamesQuery } from './api.ts'
import { useIsCommittee } from './committee-only.tsx'
import { fullName } from './person-button.tsx'

/** The tenants' first and last names, by nickname. */
export type TenantNames = ReadonlyMap<string, TenantName>

const NONE: TenantNames = new Map()

/**
 * The tenants' names for the committee, who read and filter the plots by them; none for level 2,
 * who see nicknames only, nor until they have loaded.
 */
export function useTenantNames(): TenantNames {
  const committee = useIsCommittee()
  const { data } = useQuery({ ...tenantNamesQuery, enabled: committee })
  return useMemo(
    () => (committee && data ? new Map(data.map((tenant) => [tenant.id, tenant])) : NONE),
    [committee, data],
  )
}

/** A tenant as the plots screens show them: by name when it is known, else by nickname. */
export function tenantLabel(names: TenantNames, id: string): string {
  const name = names.get(id)
  return (name && fullName(name)) || id
}
