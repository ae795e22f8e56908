import { Link } from 'react-router'
import { LEVELS, levelName } from '#shared/domain/levels'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useViewer } from '../../lib/session.ts'
import { ChangeEmailForm } from './change-email-form.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { OtherSessions } from './other-sessions.tsx'
import './my-account.css'

// The signed-in member's own account, at every level. While a one-time password is in use the
// members shell sends every other address here, and only the password form is offered.
export function MyAccountPage() {
  const { data: viewer } = useViewer()
  if (!viewer) return <Spinner />
  return (
    <section className="my-account">
      <PageHeading>My account</PageHeading>
      <dl className="my-account__facts">
        <dt>User name</dt>
        <dd>{viewer.userName}</dd>
        <dt>E-mail Address</dt>
        {/* A registration has none until the link sent to the address given is followed. */}
        <dd>{viewer.email || '—'}</dd>
        <dt>Level</dt>
        <dd>{levelName(viewer.level)}</dd>
      </dl>
      {/* The members strip has no room for a twelfth link at 1280 px: the administrator's
          settings are reached from here. */}
      {viewer.level >= LEVELS.admin && !viewer.mustChangePassword ? (
        <p>
          <Link className="link-target" to="/members/settings">
            Settings
          </Link>
        </p>
      ) : null}
      <ChangePasswordForm viewer={viewer} />
      {viewer.mustChangePassword ? null : (
        <>
          <ChangeEmailForm />
          <OtherSessions />
        </>
      )}
    </section>
  )
}
