import { Link, useSearchParams } from 'react-router'
import { lettingMessages } from '#shared/messages/letting'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { PressToUseLink } from '../../components/ui/press-to-use-link.tsx'
import { confirmApplication } from './api.ts'
import { PlaceLines } from '#client/features/apply/place-lines.tsx'
import './apply.css'

// The link of the confirmation e-mail: the person's press puts them on the list, so that a mail
// scanner that follows links cannot.
export function ConfirmPage() {
  const [params] = useSearchParams()
  return (
    <section>
      <PageHeading>Your application</PageHeading>
      <PressToUseLink
        token={params.get('token') ?? ''}
        unusable={lettingMessages.tokenUnusable}
        intro={<p>{lettingMessages.confirmIntro}</p>}
        buttonLabel={lettingMessages.confirmButton}
        send={confirmApplication}
        done={(place) => (
          <>
            <p>{lettingMessages.confirmed(place.reference)}</p>
            <PlaceLines place={place} />
          </>
        )}
      />
      <p className="apply-links">
        <Link className="link-target" to="/apply/position">
          {lettingMessages.whereAmI}
        </Link>
      </p>
    </section>
  )
}
