import { useSearchParams } from 'react-router'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { PressToUseLink } from '../../components/ui/press-to-use-link.tsx'
import { api } from '../../lib/api.ts'

const confirmEmail = (token: string) =>
  api<{ email: string }>('/api/email-change/confirm', { method: 'POST', json: { token } })

// The link sent to a member's new e-mail address (issue 29): their press changes it, once.
export function ConfirmEmailPage() {
  const [params] = useSearchParams()
  return (
    <section className="narrow">
      <PageHeading>Confirm your new e-mail address</PageHeading>
      <PressToUseLink
        token={params.get('token') ?? ''}
        unusable={myAllotmentMessages.emailLinkUnknown}
        buttonLabel="Confirm my new address"
        send={confirmEmail}
        done={({ email }) => myAllotmentMessages.emailChanged(email)}
      />
    </section>
  )
}
