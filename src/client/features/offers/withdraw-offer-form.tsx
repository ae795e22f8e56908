import { offerMessages } from '#shared/messages/offers'
import type { Offer } from '#shared/schemas/letting'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { ReasonForm } from '../../components/ui/reason-form.tsx'
import { useChange } from '../../lib/use-change.ts'
import { changedByOffers, withdrawOffer } from './api.ts'

interface Props {
  offer: Offer
  onWithdrawn: (notice: string) => void
  onCancel: () => void
}

// Taking back an open offer needs a reason, which the server requires and keeps in the log and
// in the person's history; the person is told it is withdrawn, not why.
export function WithdrawOfferForm({ offer, onWithdrawn, onCancel }: Props) {
  const withdraw = useChange({ mutationFn: withdrawOffer, invalidates: changedByOffers })
  const plotNames = usePlotNames()
  return (
    <ReasonForm
      heading={offerMessages.withdrawHeading(plotNames.ofRecord(offer), offer.personName)}
      level={3}
      label={offerMessages.withdrawReason}
      hint={offerMessages.withdrawHint}
      submitLabel={offerMessages.withdrawButton}
      pendingLabel="Withdrawing"
      pending={withdraw.isPending}
      send={async (reason) => {
        const withdrawn = await withdraw.mutateAsync({ id: offer.id, reason })
        onWithdrawn(offerMessages.offerWithdrawn(plotNames.ofRecord(withdrawn)))
      }}
      onCancel={onCancel}
    />
  )
}
