import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { offerMessages } from '#shared/messages/offers'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { choicesQuery } from './api.ts'
import { NewOfferForm } from './new-offer-form.tsx'
import './offers.css'

// Offering a vacant plot, opened from the offers screen, a vacant plot's page (?plot=) or a
// waiting list member's page (?person=).
export function NewOfferPage() {
  const choices = useQuery(choicesQuery)
  return (
    <section className="offers">
      <PageHeading>{offerMessages.makeOffer}</PageHeading>
      <p>
        <Link className="link-target" to="/members/offers">
          Back to offers
        </Link>
      </p>
      <QueryState query={choices}>
        {({ waiting, vacantPlots }) =>
          waiting.length === 0 || vacantPlots.length === 0 ? (
            <p>{waiting.length === 0 ? offerMessages.nobodyWaiting : offerMessages.noVacantPlot}</p>
          ) : (
            <NewOfferForm waiting={waiting} vacantPlots={vacantPlots} />
          )
        }
      </QueryState>
    </section>
  )
}
