import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { SavedNote } from '../../components/ui/saved-note.tsx'
import { api, errorMessage } from '../../lib/api.ts'

const askForEmailChange = (email: string) =>
  api<void>('/api/me/email', { method: 'PUT', json: { email } })

/**
 * A new e-mail address: the record keeps the old one until the member follows the link sent to
 * the new one, so nothing on screen changes yet.
 */
export function MyEmailForm() {
  const [email, setEmail] = useState('')
  const asking = useMutation({ mutationFn: askForEmailChange })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    asking.mutate(email.trim())
  }
  return (
    <form onSubmit={submit} noValidate className="my-allotment__email">
      <Alert>{asking.isError ? errorMessage(asking.error) : ''}</Alert>
      <TextField
        label="New e-mail address"
        type="email"
        name="newEmail"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button button--quiet" disabled={asking.isPending}>
          Send me a link
        </button>
      </div>
      <SavedNote>
        {asking.isSuccess ? myAllotmentMessages.emailLinkSent(asking.variables) : ''}
      </SavedNote>
    </form>
  )
}
