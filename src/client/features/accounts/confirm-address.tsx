import { useSearchParams } from 'react-router'
import { addressMessages } from '#shared/messages/account-email'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { PressToUseLink } from '#client/components/ui/press-to-use-link.tsx'
import { api } from '#client/lib/api.ts'

interface Props {
  heading: string
  /** Said when the page has no token (the link's own refusals come from the server). */
  unusable: string
  /** The route the token goes to. */
  url: string
}

// A link sent to a new e-mail address: the person's press makes it theirs, once.
export function ConfirmAddress({ heading, unusable, url }: Props) {
  const [params] = useSearchParams()
  return (
    <section className="narrow">
      <PageHeading>{heading}</PageHeading>
      <PressToUseLink
        token={params.get('token') ?? ''}
        unusable={unusable}
        buttonLabel="Confirm my new address"
        send={(token) => api<{ email: string }>(url, { method: 'POST', json: { token } })}
        done={({ email }) => addressMessages.confirmed(email)}
      />
    </section>
  )
}
