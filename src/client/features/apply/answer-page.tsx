import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { offerMessages } from '#shared/messages/offers'
import type { TokenPreview } from '#shared/schemas/letting'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { PressToUseLink } from '../../components/ui/press-to-use-link.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { followLink, linkPreviewQuery } from './api.ts'

// What each link is for: the page's heading and its one button.
const ACTIONS = {
  accept: { heading: offerMessages.answerHeading, button: offerMessages.acceptButton },
  decline: { heading: offerMessages.answerHeading, button: offerMessages.declineButton },
  stay: { heading: offerMessages.stillWantHeading, button: offerMessages.stillWantButton },
} as const

/** What pressing the button will do; the yearly question's button says it all. */
function explanation(preview: TokenPreview) {
  if (preview.action === 'stay') return null
  const answer =
    preview.action === 'accept' ? offerMessages.answerAccept : offerMessages.answerDecline
  return <p>{answer(preview.plotName, preview.deadline)}</p>
}

/** What was done, as the server says it was. */
function outcome(done: TokenPreview) {
  if (done.action === 'accept') return offerMessages.accepted(done.plotName)
  return done.action === 'decline' ? offerMessages.declined : offerMessages.stillWantDone
}

// The link of an offer's e-mail (accept or decline) or of the yearly question (stay on the list).
// Opening it only asks what it is for; the person's press does it. The token goes to those two
// requests and nowhere else.
export function AnswerPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const preview = useQuery({
    ...linkPreviewQuery(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
  const action = preview.data ? ACTIONS[preview.data.action] : ACTIONS.accept

  return (
    <section>
      <PageHeading>{action.heading}</PageHeading>
      {token === '' ? (
        <Alert>{offerMessages.linkUnusable}</Alert>
      ) : preview.isPending ? (
        <Spinner />
      ) : preview.isError ? (
        <Alert>{errorMessage(preview.error)}</Alert>
      ) : (
        <PressToUseLink
          token={token}
          unusable={offerMessages.linkUnusable}
          intro={explanation(preview.data)}
          buttonLabel={action.button}
          send={followLink}
          done={outcome}
        />
      )}
    </section>
  )
}
