import { useId } from 'react'
import { accountMessages } from '#shared/messages/accounts'
import { Alert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useSignOutOtherSessions } from './api.ts'

// For a member who signed in on a shared or lost device: this session stays, the others end.
export function OtherSessions() {
  const signOutOthers = useSignOutOtherSessions()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Other sessions</h2>
      <p>
        Signed in on another computer or phone, or on one you no longer use? This signs you out
        everywhere except here.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--quiet"
          disabled={signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
        >
          Sign out my other sessions
        </button>
        {signOutOthers.isPending ? <Spinner label="Signing out other sessions" /> : null}
      </div>
      {signOutOthers.isSuccess ? (
        <Alert tone="success">
          {accountMessages.otherSessionsEnded(signOutOthers.data.signedOut)}
        </Alert>
      ) : null}
      {signOutOthers.isError ? <Alert>{errorMessage(signOutOthers.error)}</Alert> : null}
    </section>
  )
}
