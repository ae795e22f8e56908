import { useEffect } from 'react'
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import { levelName } from '#shared/domain/levels'
import { Spinner } from '../components/ui/spinner.tsx'
import { MY_ACCOUNT_PATH, useSignOut, useViewer } from '../lib/session.ts'
import { membersNav } from './nav.ts'

export function MembersShell() {
  const { data: viewer, isPending, isPlaceholderData } = useViewer()
  const signOut = useSignOut()
  const signOutEverywhere = useSignOut(true)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const level = viewer?.level ?? 0
  // A one-time password is in use: the server refuses everything else until a new one is chosen,
  // so only My account is offered and every other members address leads there.
  const mustChange = viewer?.mustChangePassword === true
  const onMyAccount = pathname.replace(/\/+$/, '') === MY_ACCOUNT_PATH

  // Spec section 6: the members shell signs out and goes to / when there is no level.
  useEffect(() => {
    if (!isPending && level < 1) void signOut().then(() => navigate('/', { replace: true }))
  }, [isPending, level]) // eslint-disable-line react-hooks/exhaustive-deps

  // The stored copy may be out of date (a password changed elsewhere): before sending anyone to
  // My account, hear it from the server.
  if (isPending || level < 1 || (mustChange && isPlaceholderData)) return <Spinner />
  return (
    <div className="members">
      <header className="members__strip">
        <p className="members__who">
          <span className="members__name">{viewer?.userName}</span>
          <span className="members__level">{levelName(level)}</span>
        </p>
        <nav aria-label="Members">
          <ul className="members__nav">
            {membersNav
              .filter((item) => level >= item.minLevel && (!mustChange || item.to === MY_ACCOUNT_PATH))
              .map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void signOut().then(() => navigate('/'))}
        >
          Sign out
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void signOutEverywhere().then(() => navigate('/'))}
        >
          Sign out everywhere
        </button>
      </header>
      <main id="main" className="members__main">
        {mustChange && !onMyAccount ? <Navigate to={MY_ACCOUNT_PATH} replace /> : <Outlet />}
      </main>
    </div>
  )
}
