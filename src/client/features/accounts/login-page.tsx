import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { accountMessages } from '#shared/messages/accounts'
import { commonMessages } from '#shared/messages/common'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { isTooManyAttempts } from '../../lib/api.ts'
import { fetchViewer, MY_ACCOUNT_PATH, signIn } from '../../lib/session.ts'
import { endSession } from '../../lib/sign-out.ts'
import { openWholePage } from '../../app/load-whole-page.tsx'

type State = 'idle' | 'loading' | 'failed'

export function LoginPage() {
  const [userName, setUserName] = useState('')
  const [password, setPassword] = useState('')
  const [state, setState] = useState<State>('idle')
  const [message, setMessage] = useState('')

  async function submit(event: FormEvent) {
    event.preventDefault()
    setState('loading')
    setMessage('')
    try {
      await signIn(userName.trim(), password)
    } catch (error) {
      console.error(error)
      setState('failed')
      // Rate-limited or locked out: the server says how long to wait. Any other refusal reads the
      // same, so the page never tells which user names exist.
      return setMessage(isTooManyAttempts(error) ? error.detail : accountMessages.loginFailed)
    }
    // Spec section 4: after sign-in the member record is looked up; without one, sign out.
    const viewer = await fetchViewer().catch(() => null)
    if (!viewer) {
      await endSession()
      setState('failed')
      return setMessage(commonMessages.somethingWentWrong)
    }
    if (viewer.level < 1) {
      await endSession()
      setState('failed')
      return setMessage(accountMessages.awaitingApproval)
    }
    openWholePage(viewer.mustChangePassword ? MY_ACCOUNT_PATH : '/members')
  }

  return (
    <section className="narrow">
      <PageHeading>Login</PageHeading>
      <form className="form" onSubmit={submit}>
        <Alert>{message}</Alert>
        <TextField
          label="User name"
          name="username"
          autoComplete="username"
          value={userName}
          onChange={(e) => setUserName(e.target.value)}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <button type="submit" className="button" disabled={state === 'loading'}>
          Login
        </button>
        {state === 'loading' ? <Spinner label="Signing in" /> : null}
      </form>
      <p>
        <Link className="link-target" to="/forgotten-password">
          {accountMessages.forgottenLink}
        </Link>
      </p>
      <p>
        No account yet? <Link to="/register">Register</Link>
      </p>
    </section>
  )
}
