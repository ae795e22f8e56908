import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { accountMessages } from '#shared/messages/accounts'
import { resetPasswordSchema } from '#shared/schemas/account'
import {
  NewPasswordFields,
  newPasswordProblem,
} from '../../components/accounts/new-password-fields.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { resetForgottenPassword } from './api.ts'

const blank = { newPassword: '', repeatPassword: '' }
type Draft = typeof blank

/** The page the e-mailed link opens: a new password, chosen twice. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [draft, setDraft] = useState(blank)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [userName, setUserName] = useState('')
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = resetPasswordSchema.safeParse({ token, newPassword: draft.newPassword })
    const problem = newPasswordProblem(parsed, draft)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      setUserName((await resetForgottenPassword(token, draft.newPassword)).userName)
    } catch (failure) {
      console.error(failure)
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  if (userName) {
    return (
      <section className="narrow">
        <PageHeading>Choose a new password</PageHeading>
        <Alert tone="success">{accountMessages.resetDone}</Alert>
        <p>
          <Link to="/login">Sign in as {userName}</Link>
        </p>
      </section>
    )
  }

  return (
    <section className="narrow">
      <PageHeading>Choose a new password</PageHeading>
      <form className="form" onSubmit={submit} noValidate>
        <Alert>{error}</Alert>
        <NewPasswordFields draft={draft} onChange={set} />
        <button type="submit" className="button" disabled={busy}>
          Save my new password
        </button>
        {busy ? <Spinner label="Saving" /> : null}
      </form>
      <p>
        <Link className="link-target" to="/forgotten-password">
          {accountMessages.forgottenLink}
        </Link>
      </p>
    </section>
  )
}
