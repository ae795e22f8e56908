import { useState, type FormEvent } from 'react'
import { accountMessages } from '#shared/messages/accounts'
import { forgottenPasswordSchema } from '#shared/schemas/account'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { requestPasswordReset } from './api.ts'

/** Asks for a link to choose a new password; the page reads the same whether or not it went. */
export function ForgottenPasswordPage() {
  const [identifier, setIdentifier] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = forgottenPasswordSchema.safeParse({ identifier })
    if (!parsed.success) return setError(accountMessages.enterUserNameOrEmail)
    setError('')
    setBusy(true)
    try {
      await requestPasswordReset(parsed.data.identifier)
      setSent(true)
    } catch (failure) {
      console.error(failure)
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="narrow">
      <PageHeading>Forgotten password</PageHeading>
      {sent ? (
        <Alert tone="success">{accountMessages.resetLinkSent}</Alert>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p>{accountMessages.forgottenIntro}</p>
          <Alert>{error}</Alert>
          <TextField
            label="User name or e-mail address"
            name="identifier"
            autoComplete="username"
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            required
          />
          <button type="submit" className="button" disabled={busy}>
            Send me a link
          </button>
          {busy ? <Spinner label="Sending" /> : null}
        </form>
      )}
    </section>
  )
}
