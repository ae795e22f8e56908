import { Link, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { lettingMessages } from '#shared/letting-messages'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { applyKeys, confirmApplication } from './api.ts'
import './apply.css'

// The link of the confirmation e-mail. A token works once, so it is sent once: the query is
// never retried or refetched (not on focus, not on a second mount under strict mode), and its
// answer is kept for as long as the page is open.
export function ConfirmPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const confirmation = useQuery({
    queryKey: applyKeys.confirm(token),
    queryFn: () => confirmApplication(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })

  return (
    <section>
      <PageHeading>Your application</PageHeading>
      {token === '' ? (
        <Alert>{lettingMessages.tokenUnusable}</Alert>
      ) : confirmation.isPending ? (
        <Spinner />
      ) : confirmation.isError ? (
        <Alert>{errorMessage(confirmation.error)}</Alert>
      ) : (
        <div role="status" className="alert alert--success">
          <p>{lettingMessages.confirmed(confirmation.data.reference)}</p>
          <p>{lettingMessages.position(confirmation.data.position, confirmation.data.total)}</p>
        </div>
      )}
      <p className="apply-links">
        <Link to="/apply/position">{lettingMessages.whereAmI}</Link>
      </p>
    </section>
  )
}
