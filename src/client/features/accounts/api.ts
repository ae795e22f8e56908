import { api } from '../../lib/api.ts'
import type { Registration } from '#shared/schemas/register'
import type { Account } from '#shared/schemas/account'

export type { Account }

export const accountsQueryKey = ['accounts'] as const
export const fetchAccounts = () => api<Account[]>('/api/accounts')
export const register = (registration: Registration) =>
  api<{ id: string; userName: string; requestedLevel: number }>('/api/register', {
    method: 'POST',
    json: registration,
  })
export const setLevel = (id: string, level: number) =>
  api(`/api/accounts/${encodeURIComponent(id)}/level`, { method: 'PUT', json: { level } })
export const setDisabled = (id: string, disabled: boolean) =>
  api(`/api/accounts/${encodeURIComponent(id)}/disabled`, { method: 'PUT', json: { disabled } })
