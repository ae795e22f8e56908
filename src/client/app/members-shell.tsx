import { useEffect } from 'react'
import { NavLink, Outlet, useNavigate } from 'react-router'
import { levelName } from '#shared/domain/levels'
import { Spinner } from '../components/ui/spinner.tsx'
import { useSignOut, useViewer } from '../lib/session.ts'
import { membersNav } from './nav.ts'

export function MembersShell() {
  const { data: viewer, isPending } = useViewer()
  const signOut = useSignOut()
  const signOutEverywhere = useSignOut(true)
  const navigate = useNavigate()
  const level = viewer?.level ?? 0

  // Spec section 6: the members shell signs out and goes to / when there is no level.
  useEffect(() => {
    if (!isPending && level < 1) void signOut().then(() => navigate('/', { replace: true }))
  }, [isPending, level]) // eslint-disable-line react-hooks/exhaustive-deps

  if (isPending || level < 1) return <Spinner />
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
              .filter((item) => level >= item.minLevel)
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
        <Outlet />
      </main>
    </div>
  )
}
