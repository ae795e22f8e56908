import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { joinSchema } from '#shared/schemas/register'
import {
  NewPasswordFields,
  newPasswordProblem,
} from '../../components/accounts/new-password-fields.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { fetchViewer, MY_ALLOTMENT_PATH } from '../../lib/session.ts'
import { openWholePage } from '../../app/load-whole-page.tsx'
import { joinByInvitation } from './api.ts'

const blank = { userName: '', newPassword: '', repeatPassword: '' }
type Draft = typeof blank

/**
 * The page an invitation's link opens (issue 29): the member chooses a user name and a password,
 * and is signed in to My allotment.
 */
export function JoinPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [draft, setDraft] = useState(blank)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = joinSchema.safeParse({
      token,
      userName: draft.userName,
      password: draft.newPassword,
    })
    const problem = newPasswordProblem(parsed, draft)
    setError(problem)
    if (problem || !parsed.success) return
    setBusy(true)
    try {
      await joinByInvitation(token, parsed.data.userName, parsed.data.password)
      await fetchViewer()
      openWholePage(MY_ALLOTMENT_PATH)
    } catch (failure) {
      console.error(failure)
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  return (
    <section className="narrow">
      <PageHeading>Join</PageHeading>
      <p>Choose the user name and password you will sign in with.</p>
      <form className="form" onSubmit={submit} noValidate>
        <Alert>{error}</Alert>
        <TextField
          label="User name"
          name="username"
          autoComplete="username"
          value={draft.userName}
          onChange={set('userName')}
          required
        />
        <NewPasswordFields draft={draft} onChange={set} first />
        <button type="submit" className="button" disabled={busy}>
          Join
        </button>
        {busy ? <Spinner label="Joining" /> : null}
      </form>
    </section>
  )
}
