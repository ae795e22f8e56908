import { useId, useState, type FormEvent } from 'react'
import { accountMessages } from '#shared/messages/accounts'
import { changeEmailSchema } from '#shared/schemas/account'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { SavedNote } from '../../components/ui/saved-note.tsx'
import { errorMessage } from '../../lib/api.ts'
import type { Viewer } from '../../lib/session.ts'
import { useChangeEmail } from './api.ts'

// The member's own e-mail address: the administrator's, made from ADMIN_EMAIL at the first
// start, is changed here like anyone's.
export function ChangeEmailForm({ viewer }: { viewer: Viewer }) {
  const [email, setEmail] = useState(viewer.email)
  const [error, setError] = useState('')
  const [saved, setSaved] = useState(false)
  const change = useChangeEmail()
  const headingId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    setSaved(false)
    const parsed = changeEmailSchema.safeParse({ email })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    setError('')
    change.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>E-mail address</h2>
      <form className="form" onSubmit={submit} noValidate>
        <Alert>{error}</Alert>
        <TextField
          label="E-mail Address"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setSaved(false)
            setEmail(event.target.value)
          }}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={change.isPending}>
            Save e-mail address
          </button>
          <SavedNote>{saved ? accountMessages.emailChanged : ''}</SavedNote>
        </div>
      </form>
    </section>
  )
}
