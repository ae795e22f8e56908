import { NavLink } from 'react-router'
import { levelName } from '#shared/domain/levels'
import type { Viewer } from '#shared/schemas/account'
import { MY_ACCOUNT_PATH } from '../lib/session.ts'
import { membersNav } from './nav.ts'
import { SignOutButtons } from './sign-out-buttons.tsx'

interface Props {
  viewer: Viewer
  /** On a narrow screen the menu shows only when opened; on a wide one it is always there. */
  open: boolean
}

// Who is signed in, the members links they may use and the two ways to sign out: one strip on a
// wide screen, the content of the Menu button on a phone, where a header with all of it took a
// third of the screen.
export function MembersMenu({ viewer, open }: Props) {
  const mustChange = viewer.mustChangePassword
  return (
    <div id="members-menu" className={open ? 'members__menu members__menu--open' : 'members__menu'}>
      <p className="members__who">
        <span className="members__name">{viewer.userName}</span>
        <span className="members__level">{levelName(viewer.level)}</span>
      </p>
      <nav aria-label="Members">
        <ul className="members__nav">
          {membersNav
            .filter(
              (item) =>
                viewer.level >= item.minLevel &&
                (!('needsRecord' in item) || viewer.hasRecord) &&
                (!mustChange || item.to === MY_ACCOUNT_PATH),
            )
            .map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <SignOutButtons userName={viewer.userName} />
    </div>
  )
}
