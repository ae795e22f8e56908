import { useId, useState, type FormEvent } from 'react'
import { addressMessages } from '#shared/messages/account-email'
import { changeEmailSchema, type ChangeEmail } from '#shared/schemas/account'
import { Alert } from '#client/components/ui/alert.tsx'
import { TextField } from '#client/components/ui/field.tsx'
import { SavedNote } from '#client/components/ui/saved-note.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { useChangeEmail } from './api.ts'

// A new sign-in address (issue 42): asked for with the account's password, and the account's
// only once the member follows the link sent there, so nothing on screen changes yet. Whether the
// address is another account's is told only to that address.
export function ChangeEmailForm() {
  const [form, setForm] = useState({ email: '', currentPassword: '' })
  const [error, setError] = useState('')
  const [sentTo, setSentTo] = useState('')
  const change = useChangeEmail()
  const headingId = useId()
  const set = (field: keyof ChangeEmail) => (event: { target: { value: string } }) => {
    setSentTo('')
    setForm((current) => ({ ...current, [field]: event.target.value }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setSentTo('')
    const parsed = changeEmailSchema.safeParse(form)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    setError('')
    change.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data.email)
        setForm({ email: '', currentPassword: '' })
      },
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>E-mail address</h2>
      <form className="form" onSubmit={submit} noValidate>
        <Alert>{error}</Alert>
        <TextField
          label="New e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
        />
        <TextField
          label="Your password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={change.isPending}>
            Send me a link
          </button>
          <SavedNote>{sentTo ? addressMessages.linkSent(sentTo) : ''}</SavedNote>
        </div>
      </form>
    </section>
  )
}
