import { useSearchParams } from 'react-router'
import { accountMessages } from '#shared/messages/accounts'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { PressToUseLink } from '../../components/ui/press-to-use-link.tsx'
import { api } from '../../lib/api.ts'

const confirmAt = (url: string) => (token: string) =>
  api<{ email: string }>(url, { method: 'POST', json: { token } })

interface Props {
  heading: string
  /** Said when the page has no token (the link's own refusals come from the server). */
  unusable: string
  /** The route the token goes to. */
  url: string
}

// A link sent to a new address: the person's press makes it theirs, once.
function ConfirmAddress({ heading, unusable, url }: Props) {
  const [params] = useSearchParams()
  return (
    <section className="narrow">
      <PageHeading>{heading}</PageHeading>
      <PressToUseLink
        token={params.get('token') ?? ''}
        unusable={unusable}
        buttonLabel="Confirm my new address"
        send={confirmAt(url)}
        done={({ email }) => myAllotmentMessages.emailChanged(email)}
      />
    </section>
  )
}

/** A member's new address for the association's letters and e-mails (issue 29). */
export const ConfirmEmailPage = () => (
  <ConfirmAddress
    heading="Confirm your new e-mail address"
    unusable={myAllotmentMessages.emailLinkUnknown}
    url="/api/email-change/confirm"
  />
)

/** An account's address, given at registration or on My account (issue 42). */
export const ConfirmAccountEmailPage = () => (
  <ConfirmAddress
    heading="Confirm your account's e-mail address"
    unusable={accountMessages.addressLinkUnknown}
    url="/api/account-email/confirm"
  />
)
