import { Link, useSearchParams } from 'react-router'
import { useMutation } from '@tanstack/react-query'
import { lettingMessages } from '#shared/messages/letting'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { confirmApplication } from './api.ts'
import './apply.css'

// The link of the confirmation e-mail. Opening it confirms nothing, so a mail scanner that follows
// links (and runs their scripts) cannot put someone on the list; the person's press does, as on
// the offer's answer page. A token works once, so the press sends it once and is not retried.
export function ConfirmPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const confirmation = useMutation({ mutationFn: () => confirmApplication(token) })

  return (
    <section>
      <PageHeading>Your application</PageHeading>
      {token === '' ? (
        <Alert>{lettingMessages.tokenUnusable}</Alert>
      ) : confirmation.isSuccess ? (
        <div role="status" className="alert alert--success">
          <p>{lettingMessages.confirmed(confirmation.data.reference)}</p>
          <p>{lettingMessages.position(confirmation.data.position, confirmation.data.total)}</p>
        </div>
      ) : (
        <>
          <p>{lettingMessages.confirmIntro}</p>
          <Alert>{confirmation.isError ? errorMessage(confirmation.error) : ''}</Alert>
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={confirmation.isPending}
              onClick={() => confirmation.mutate()}
            >
              {lettingMessages.confirmButton}
            </button>
            {confirmation.isPending ? <Spinner label="Sending" /> : null}
          </div>
        </>
      )}
      <p className="apply-links">
        <Link to="/apply/position">{lettingMessages.whereAmI}</Link>
      </p>
    </section>
  )
}
