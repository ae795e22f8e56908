import { api } from '../../lib/api.ts'
import type { Application, Place } from '#shared/schemas/letting'

// Applying for a plot and finding one's place: public, no sign-in.

export const apply = (application: Application) =>
  api<{ applied: true }>('/api/apply', { method: 'POST', json: application })

export const confirmApplication = (token: string) =>
  api<Place>('/api/apply/confirm', { method: 'POST', json: { token } })

export const findPosition = (query: { reference: string; email: string }) =>
  api<Place>('/api/apply/position', { method: 'POST', json: query })

export const applyKeys = {
  confirm: (token: string) => ['apply', 'confirm', token] as const,
}
