import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { accountMessages } from '#shared/messages/accounts'
import { changePasswordSchema } from '#shared/schemas/account'
import {
  NewPasswordFields,
  newPasswordProblem,
} from '../../components/accounts/new-password-fields.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import type { Viewer } from '../../lib/session.ts'
import { useChangePassword } from './api.ts'

const blank = { currentPassword: '', newPassword: '', repeatPassword: '' }
type Draft = typeof blank

// The checks the browser can make, in the order a person fixes them; the server repeats them and
// adds its own (the current password, the list of common passwords).
function problemWith(draft: Draft): string {
  const problem = newPasswordProblem(changePasswordSchema.safeParse(draft), draft)
  if (problem) return problem
  return draft.newPassword === draft.currentPassword ? accountMessages.newPasswordSame : ''
}

export function ChangePasswordForm({ viewer }: { viewer: Viewer }) {
  const [draft, setDraft] = useState(blank)
  const [error, setError] = useState('')
  const [changed, setChanged] = useState(false)
  const change = useChangePassword()
  const navigate = useNavigate()
  const headingId = useId()
  const forced = viewer.mustChangePassword
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }))

  function submit(event: FormEvent) {
    event.preventDefault()
    setChanged(false)
    const problem = problemWith(draft)
    setError(problem)
    if (problem) return
    const { currentPassword, newPassword } = draft
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setDraft(blank)
          // A forced change was all that stood between the member and their screens: the members
          // area's index sends them on, as a sign-in does (an administrator of a new association
          // to the first-run steps).
          if (forced) navigate('/members', { replace: true })
          else setChanged(true)
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    )
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Change password</h2>
      {forced ? <Alert tone="info">{accountMessages.mustChangePassword}</Alert> : null}
      <form className="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <Alert>{error}</Alert>
        {changed ? <Alert tone="success">{accountMessages.passwordChanged}</Alert> : null}
        {/* Lets a password manager file the new password under the right account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={viewer.userName}
          readOnly
          hidden
        />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={draft.currentPassword}
          onChange={set('currentPassword')}
          required
        />
        <NewPasswordFields draft={draft} onChange={set} />
        <div className="button-row">
          <button type="submit" className="button" disabled={change.isPending}>
            Change password
          </button>
          {change.isPending ? <Spinner label="Changing password" /> : null}
        </div>
      </form>
    </section>
  )
}
