import { queryOptions } from '@tanstack/react-query'
import type { AreaUnit } from '#shared/domain/area'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// The society's unit for areas (a rent setting), under rent's key: saving the settings refreshes
// it. Read by the plots' screens and by a member's My allotment.
export const areaUnitQuery = queryOptions({
  queryKey: [...queryKeys.rent, 'area-unit'],
  queryFn: async () => (await api<{ areaUnit: AreaUnit }>('/api/rent/area-unit')).areaUnit,
})
