import { queryOptions } from '@tanstack/react-query'
import type { Enquiry } from '#shared/schemas/contact'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

export const enquiriesQuery = queryOptions({
  queryKey: queryKeys.enquiries,
  queryFn: () => api<Enquiry[]>('/api/enquiries'),
})
