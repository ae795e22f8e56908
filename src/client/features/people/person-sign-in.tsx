import { useState } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type { PersonSignIn as SignIn } from '#shared/schemas/account'
import { Alert } from '../../components/ui/alert.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { api, errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { PersonOwnChanges } from './person-own-changes.tsx'

// Under accounts: linking an account on the accounts page changes what this says.
const signInQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.accounts, 'person', id],
    queryFn: () => api<SignIn>(`/api/people/${encodeURIComponent(id)}/sign-in`),
  })

const invite = (id: string) =>
  api<{ sentTo: string; expiresAt: string }>(`/api/people/${encodeURIComponent(id)}/invitation`, {
    method: 'POST',
  })

function statusOf({ account, invitation }: SignIn): string {
  if (account) return myAllotmentMessages.signsInAs(account.userName, account.lastSignIn)
  if (!invitation || invitation.endedHow === 'joined') return myAllotmentMessages.notInvited
  if (invitation.endedHow === 'expired')
    return myAllotmentMessages.invitationLapsed(invitation.createdAt)
  return myAllotmentMessages.invitedOn(invitation.createdAt, invitation.expiresAt)
}

/** Whether the person signs in to the website, and the committee's button to invite them. */
export function PersonSignIn({ id, hasEmail }: { id: string; hasEmail: boolean }) {
  const query = useQuery(signInQuery(id))
  const [sent, setSent] = useState('')
  const inviting = useChange({
    mutationFn: () => invite(id),
    invalidates: [queryKeys.accounts],
    onSuccess: ({ sentTo, expiresAt }) =>
      setSent(myAllotmentMessages.invitationSent(sentTo, expiresAt)),
  })
  return (
    <section aria-labelledby="person-sign-in">
      <h3 id="person-sign-in">Signing in</h3>
      <QueryState query={query}>
        {(signIn) => (
          <>
            <p>{statusOf(signIn)}</p>
            <Alert>{inviting.isError ? errorMessage(inviting.error) : ''}</Alert>
            <Alert tone="success">{sent}</Alert>
            {signIn.account ? null : !hasEmail ? (
              // No button that can only be refused: the reason, where the button would be.
              <p>{myAllotmentMessages.invitationNeedsEmail(id)}</p>
            ) : (
              <div className="button-row">
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={inviting.isPending}
                  onClick={() => {
                    setSent('')
                    inviting.mutate()
                  }}
                >
                  Invite to sign in
                </button>
              </div>
            )}
          </>
        )}
      </QueryState>
      <PersonOwnChanges id={id} />
    </section>
  )
}
