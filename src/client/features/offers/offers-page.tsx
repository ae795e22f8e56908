import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router'
import { LEVELS } from '#shared/domain/levels'
import { offerMessages } from '#shared/messages/offers'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { newOfferHref } from '../../lib/new-offer-href.ts'
import { useViewer } from '../../lib/session.ts'
import { lapsedQuery, offersQuery } from './api.ts'
import { ClosedOffers, LapsedPeople, OpenOffers } from './offer-lists.tsx'
import './offers.css'

/** Set by the new-offer form when it comes back here, so the offer sent is announced. */
export interface OffersLocationState {
  notice?: string
}

// The committee's offers: those waiting for an answer, which can be answered here for someone
// who wrote or rang, and those answered or lapsed; and the people lapsed from the list.
export function OffersPage() {
  const offers = useQuery(offersQuery)
  const lapsed = useQuery(lapsedQuery)
  const { data: viewer } = useViewer()
  const state = useLocation().state as OffersLocationState | null
  return (
    <section className="offers">
      <PageHeading>{offerMessages.offers}</PageHeading>
      <div className="button-row">
        <Link className="button" to={newOfferHref()}>
          {offerMessages.makeOffer}
        </Link>
        {(viewer?.level ?? 0) >= LEVELS.admin ? (
          <Link className="button button--quiet" to="/members/offers/settings">
            {offerMessages.settingsHeading}
          </Link>
        ) : null}
      </div>
      <Alert tone="success">{state?.notice}</Alert>
      <QueryState query={offers}>
        {({ open, closed }) => (
          <>
            <OpenOffers offers={open} />
            <ClosedOffers offers={closed} />
          </>
        )}
      </QueryState>
      <QueryState query={lapsed}>{(people) => <LapsedPeople people={people} />}</QueryState>
    </section>
  )
}
