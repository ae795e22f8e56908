import { useSearchParams } from 'react-router'
import { useMutation } from '@tanstack/react-query'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { api, errorMessage } from '../../lib/api.ts'

const confirmEmail = (token: string) =>
  api<{ email: string }>('/api/email-change/confirm', { method: 'POST', json: { token } })

// The link sent to a member's new e-mail address (issue 29). Opening it changes nothing, so a
// mail scanner that follows links cannot; the member's press does, once.
export function ConfirmEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const confirmation = useMutation({ mutationFn: () => confirmEmail(token) })
  return (
    <section className="narrow">
      <PageHeading>Confirm your new e-mail address</PageHeading>
      {token === '' ? (
        <Alert>{myAllotmentMessages.emailLinkUnknown}</Alert>
      ) : confirmation.isSuccess ? (
        <Alert tone="success">{myAllotmentMessages.emailChanged(confirmation.data.email)}</Alert>
      ) : (
        <>
          <Alert>{confirmation.isError ? errorMessage(confirmation.error) : ''}</Alert>
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={confirmation.isPending}
              onClick={() => confirmation.mutate()}
            >
              Confirm my new address
            </button>
            {confirmation.isPending ? <Spinner label="Sending" /> : null}
          </div>
        </>
      )}
    </section>
  )
}
