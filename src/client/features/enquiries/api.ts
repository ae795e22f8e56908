import { api } from '../../lib/api.ts'

export interface Enquiry {
  id: number
  name: string
  email: string
  enquiry: string
  createdAt: string
  sent: boolean
  sentAt: string | null
  attempts: number
  lastError: string | null
}

export const enquiriesQueryKey = ['enquiries'] as const
export const fetchEnquiries = () => api<Enquiry[]>('/api/enquiries')
