import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ChangePassword, otherSessionsEndedSchema } from '#shared/schemas/account'
import { api } from '../../lib/api.ts'
import { fetchViewer, viewerQueryKey } from '../../lib/session.ts'

export type OtherSessionsEnded = z.infer<typeof otherSessionsEndedSchema>

export const changePassword = (change: ChangePassword) =>
  api<void>('/api/account/password', { method: 'POST', json: change })

export const signOutOtherSessions = () =>
  api<OtherSessionsEnded>('/api/account/sign-out-others', { method: 'POST', json: {} })

// The server clears mustChangePassword with the change; the answer is the viewer as it is now, so
// the members shell opens the other screens again before anyone navigates there.
export function useChangePassword() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (change: ChangePassword) => {
      await changePassword(change)
      // The password is changed whatever this answers; a failure here only delays the refresh.
      return fetchViewer().catch(() => null)
    },
    onSuccess: (viewer) => {
      if (viewer) client.setQueryData(viewerQueryKey, viewer)
      else void client.invalidateQueries({ queryKey: viewerQueryKey })
    },
  })
}

export const useSignOutOtherSessions = () => useMutation({ mutationFn: signOutOtherSessions })
