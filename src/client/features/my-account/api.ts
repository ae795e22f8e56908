import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ChangeEmail, ChangePassword, otherSessionsEndedSchema } from '#shared/schemas/account'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

export type OtherSessionsEnded = z.infer<typeof otherSessionsEndedSchema>

export const changePassword = (change: ChangePassword) =>
  api<void>('/api/account/password', { method: 'POST', json: change })

export const signOutOtherSessions = () =>
  api<OtherSessionsEnded>('/api/account/sign-out-others', { method: 'POST', json: {} })

// The server clears mustChangePassword with the change: the viewer is fetched afresh before the
// change counts as done, so the members shell opens the other screens again before anyone
// navigates there.
export const useChangePassword = () =>
  useChange({ mutationFn: changePassword, invalidates: [queryKeys.viewer] })

export const useSignOutOtherSessions = () => useMutation({ mutationFn: signOutOtherSessions })

export const changeEmail = (change: ChangeEmail) =>
  api<void>('/api/account/email', { method: 'PUT', json: change })

// Nothing changes until the link sent to the new address is followed (on another page).
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail })
