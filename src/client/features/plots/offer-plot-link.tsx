import { Link } from 'react-router'
import { offerMessages } from '#shared/messages/offers'
import { newOfferHref } from '../../lib/new-offer-href.ts'

// A plot without tenants can be offered to the waiting list.
export function OfferPlotLink({ plotId }: { plotId: string }) {
  return (
    <p>
      <Link className="link-target" to={newOfferHref({ plot: plotId })}>
        {offerMessages.offerThisPlot}
      </Link>
    </p>
  )
}
