import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { signOutMessages } from '#shared/messages/sign-out'
import { finishSignOut, pendingSignOut, watchSignOut } from '#client/lib/sign-out.ts'
import { openWholePage } from '#client/app/load-whole-page.tsx'

// A weak signal tries again now and then, as well as when the browser says it is back.
const RETRY_MS = 15_000

/**
 * While a sign-out waits for the server, in this tab or another, the app is this one screen:
 * no members' page, and no request but the sign-out, which is sent before anything else on every
 * load (issue 42). Once the server has heard it, the public site opens.
 */
export function SignOutGate({ children }: { children: ReactNode }) {
  const pending = useSyncExternalStore(watchSignOut, pendingSignOut)
  // Signed out and leaving: the pages behind must not show again while the public site loads.
  const [leaving, setLeaving] = useState(false)
  if (!pending && !leaving) return children
  return <SigningOut onDone={setLeaving} />
}

function SigningOut({ onDone }: { onDone: (done: true) => void }) {
  useEffect(() => {
    let live = true
    const attempt = () =>
      void finishSignOut().then((done) => {
        if (!done || !live) return
        onDone(true)
        openWholePage('/', { replace: true })
      })
    attempt()
    window.addEventListener('online', attempt)
    const timer = setInterval(attempt, RETRY_MS)
    return () => {
      live = false
      window.removeEventListener('online', attempt)
      clearInterval(timer)
    }
  }, [onDone])
  return (
    <main id="main" className="public__main narrow">
      <h1>{signOutMessages.signingOut}</h1>
      <p>{signOutMessages.finishesOnline}</p>
    </main>
  )
}
