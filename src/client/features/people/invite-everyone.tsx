import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { invitationMessages } from '#shared/messages/invitations'
import type { GroupInvited } from '#shared/schemas/account'
import { Alert } from '../../components/ui/alert.tsx'
import { api, errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { peopleSignInQuery } from './api.ts'
import type { PeopleMode } from './mode.ts'

const GROUP_NAMES: Record<PeopleMode, string> = {
  plotholders: 'plot holder',
  waitinglist: 'person on the waiting list',
}

const inviteGroup = (group: PeopleMode) =>
  api<GroupInvited>('/api/invitations', { method: 'POST', json: { group } })

/**
 * "Invite everyone who has no account yet" (issue 29), and how the invitations sent so far
 * stand: the lists' marks and counts refresh with it. Part of the list's first paint, not loaded
 * apart: arriving late, it pushed the list down (Lighthouse's layout shift).
 */
export function InviteEveryone({ mode, listShown }: { mode: PeopleMode; listShown: boolean }) {
  // The figures are asked for once the list is in, as its marks are.
  const { data } = useQuery({ ...peopleSignInQuery, enabled: listShown })
  const [result, setResult] = useState('')
  const inviting = useChange({
    mutationFn: () => inviteGroup(mode),
    invalidates: [queryKeys.accounts],
    onSuccess: (counts) => setResult(invitationMessages.groupInvited(counts)),
  })
  const invite = () => {
    if (!window.confirm(invitationMessages.confirmInviteGroup(GROUP_NAMES[mode]))) return
    setResult('')
    inviting.mutate()
  }
  const open = (data?.invitationsSent ?? 0) + (data?.invitationsWaiting ?? 0)
  return (
    <div className="people__invite">
      <button
        type="button"
        className="button button--quiet"
        disabled={inviting.isPending}
        onClick={invite}
      >
        Invite everyone who has no account yet
      </button>
      <Alert>{inviting.isError ? errorMessage(inviting.error) : ''}</Alert>
      <Alert tone="success">{result}</Alert>
      {/* Always there, a line high, so that the list does not move when the figures come. */}
      <p className="people__invite-status">
        {data && open > 0
          ? invitationMessages.invitationsStanding(data.invitationsSent, data.invitationsWaiting)
          : ''}
      </p>
    </div>
  )
}
