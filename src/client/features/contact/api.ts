import { api } from '../../lib/api.ts'
import type { Contact } from '#shared/schemas/contact'

export const sendEnquiry = (enquiry: Contact) =>
  api<{ id: number; sent: boolean }>('/api/contact', { method: 'POST', json: enquiry })
