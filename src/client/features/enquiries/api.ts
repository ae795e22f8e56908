import type { Enquiry } from '#shared/schemas/contact'
import { api } from '../../lib/api.ts'

export const enquiriesQueryKey = ['enquiries'] as const
export const fetchEnquiries = () => api<Enquiry[]>('/api/enquiries')
