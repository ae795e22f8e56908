import { useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { MenuButton } from '../components/ui/menu-button.tsx'
import { SkipLink } from '../components/ui/skip-link.tsx'
import { Alert } from '../components/ui/alert.tsx'
import { Spinner } from '../components/ui/spinner.tsx'
import { errorMessage } from '../lib/api.ts'
import { MY_ACCOUNT_PATH, useViewer } from '../lib/session.ts'
import { beginSignOut } from '../lib/sign-out.ts'
import { MembersMenu } from './members-menu.tsx'

export function MembersShell() {
  const { data: viewer, isPending, isPlaceholderData, error } = useViewer()
  const { pathname } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const level = viewer?.level ?? 0
  // A one-time password is in use: the server refuses everything else until a new one is chosen,
  // so only My account is offered and every other members address leads there.
  const mustChange = viewer?.mustChangePassword === true
  const onMyAccount = pathname.replace(/\/+$/, '') === MY_ACCOUNT_PATH

  // Spec section 6: the members shell signs out and goes to / when there is no level. Only when
  // the server says so: no answer at all (no signal, and no copy kept) is no reason to end a
  // session, which a sign-out without signal ends for good once the signal returns.
  const noLevel = viewer === null || (viewer !== undefined && level < 1)
  useEffect(() => {
    if (noLevel) beginSignOut()
  }, [noLevel])
  // On a phone the menu covers the page: it closes once a link has taken you somewhere.
  useEffect(() => setMenuOpen(false), [pathname])

  // The stored copy may be out of date (a password changed elsewhere): before sending anyone to
  // My account, hear it from the server.
  if (!viewer && error) return <Alert>{errorMessage(error)}</Alert>
  if (isPending || level < 1 || (mustChange && isPlaceholderData) || !viewer) return <Spinner />
  return (
    <div className="members">
      <SkipLink />
      <header className="members__strip">
        <MenuButton
          className="members__burger"
          open={menuOpen}
          controls="members-menu"
          onToggle={() => setMenuOpen((open) => !open)}
        />
        <MembersMenu viewer={viewer} open={menuOpen} />
      </header>
      <main id="main" className="members__main">
        {mustChange && !onMyAccount ? <Navigate to={MY_ACCOUNT_PATH} replace /> : <Outlet />}
      </main>
    </div>
  )
}
