import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import type { Registration } from '#shared/schemas/register'
import type { Account, oneTimePasswordSchema } from '#shared/schemas/account'

export type { Account }
export type OneTimePassword = z.infer<typeof oneTimePasswordSchema>

const accountUrl = (id: string) => `/api/accounts/${encodeURIComponent(id)}`

export const accountsQuery = queryOptions({
  queryKey: queryKeys.accounts,
  queryFn: () => api<Account[]>('/api/accounts'),
})
// No id comes back, and no word of the address: the answer is the same whether or not it is
// another account's.
export const register = (registration: Registration) =>
  api<{ userName: string; requestedLevel: number }>('/api/register', {
    method: 'POST',
    json: registration,
  })
export const setLevel = (id: string, level: number) =>
  api(`${accountUrl(id)}/level`, { method: 'PUT', json: { level } })
export const setDisabled = (id: string, disabled: boolean) =>
  api(`${accountUrl(id)}/disabled`, { method: 'PUT', json: { disabled } })
/** The administrator's reset: a one-time password, shown once, that must be replaced at sign-in. */
export const resetPassword = (id: string) =>
  api<OneTimePassword>(`${accountUrl(id)}/password`, { method: 'POST', json: {} })
/** "Forgotten your password?": answered alike whether or not the account exists. */
export const requestPasswordReset = (identifier: string) =>
  api('/api/password/forgotten', { method: 'POST', json: { identifier } })
/** The new password chosen through the e-mailed link. */
export const resetForgottenPassword = (token: string, newPassword: string) =>
  api<{ userName: string }>('/api/password/reset', {
    method: 'POST',
    json: { token, newPassword },
  })
/** An unconfirmed address the committee doubts: its link stops working (issue 42). */
export const clearPendingEmail = (id: string) =>
  api(`${accountUrl(id)}/pending-email`, { method: 'DELETE' })
/** The sites an account is limited to (issue 46); null for every site. */
export const setSites = (id: string, sites: number[] | null) =>
  api(`${accountUrl(id)}/sites`, { method: 'PUT', json: { sites } })
/** Whose the account is (issue 29): a person's nickname, or null for no one. */
export const linkPerson = (id: string, personId: string | null) =>
  api(`${accountUrl(id)}/person`, { method: 'PUT', json: { personId } })
/** Joining through an invitation's link: the server signs the new account in. */
export const joinByInvitation = (token: string, userName: string, password: string) =>
  api<{ userName: string }>('/api/invitations/join', {
    method: 'POST',
    json: { token, userName, password },
  })
