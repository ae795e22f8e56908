import { useState, type FormEvent } from 'react'
import { REGISTRATION_LEVELS } from '#shared/domain/levels'
import { accountMessages } from '#shared/messages/accounts'
import { registerSchema } from '#shared/schemas/register'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { register } from './api.ts'

const blank = { userName: '', level: '', email: '', password: '' }

export function RegisterPage() {
  const [form, setForm] = useState(blank)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  // The address the link went to, once registered.
  const [sentTo, setSentTo] = useState('')
  const set = (field: keyof typeof blank) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = registerSchema.safeParse(form)
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? accountMessages.enterUserName)
    setError('')
    setBusy(true)
    try {
      await register(parsed.data)
      setSentTo(parsed.data.email)
    } catch (failure) {
      console.error(failure)
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  if (sentTo) {
    return (
      <section className="narrow">
        <PageHeading>Register</PageHeading>
        <Alert tone="success">{accountMessages.registered(sentTo)}</Alert>
      </section>
    )
  }

  return (
    <section className="narrow">
      <PageHeading>Register</PageHeading>
      <form className="form" onSubmit={submit} noValidate>
        <Alert>{error}</Alert>
        <TextField
          label="User Name"
          name="userName"
          autoComplete="username"
          value={form.userName}
          onChange={set('userName')}
        />
        <SelectField
          label="User Level"
          name="level"
          hint={accountMessages.userLevelHint}
          value={form.level}
          onChange={set('level')}
        >
          <option value="">Choose a level</option>
          {REGISTRATION_LEVELS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="E-mail Address"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          hint={accountMessages.passwordHint}
        />
        <button type="submit" className="button" disabled={busy}>
          Register
        </button>
        {busy ? <Spinner label="Registering" /> : null}
      </form>
    </section>
  )
}
