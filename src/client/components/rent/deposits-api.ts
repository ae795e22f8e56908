import { queryOptions } from '@tanstack/react-query'
import type {
  Deposit,
  DepositEntryInput,
  DepositInput,
  DepositKind,
  DepositsHeld,
} from '#shared/schemas/deposits'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// Deposits (issue 47, item 2): under rent, beside the invoices, though never one of them.

const depositKeys = [...queryKeys.rent, 'deposits'] as const

export const depositKindsQuery = () =>
  queryOptions({
    queryKey: [...depositKeys, 'kinds'],
    queryFn: () => api<DepositKind[]>('/api/rent/deposit-kinds'),
  })

export const personDepositsQuery = (personId: string) =>
  queryOptions({
    queryKey: [...depositKeys, 'person', personId],
    queryFn: () => api<Deposit[]>(`/api/people/${encodeURIComponent(personId)}/deposits`),
  })

export const depositsHeldQuery = () =>
  queryOptions({
    queryKey: [...depositKeys, 'held'],
    queryFn: () => api<DepositsHeld>('/api/rent/deposits/held'),
  })

export const takeDeposit = (personId: string, input: DepositInput) =>
  api<Deposit>(`/api/people/${encodeURIComponent(personId)}/deposits`, {
    method: 'POST',
    json: input,
  })

export const addDepositEntry = (id: number, input: DepositEntryInput) =>
  api<Deposit>(`/api/rent/deposits/${id}/entries`, { method: 'POST', json: input })
