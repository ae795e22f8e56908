import { useState, type FormEvent } from 'react'
import { offerMessages } from '#shared/messages/offers'
import type { Offer } from '#shared/schemas/letting'
import { Alert } from '../../components/ui/alert.tsx'
import { TextAreaField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
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
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const withdraw = useChange({ mutationFn: withdrawOffer, invalidates: changedByOffers })

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    try {
      const withdrawn = await withdraw.mutateAsync({ id: offer.id, reason })
      onWithdrawn(offerMessages.offerWithdrawn(withdrawn.plotId))
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <form
      className="form"
      aria-labelledby="withdraw-offer-heading"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id="withdraw-offer-heading">
        {offerMessages.withdrawHeading(offer.plotId, offer.personName)}
      </h3>
      <Alert>{error}</Alert>
      <TextAreaField
        label={offerMessages.withdrawReason}
        hint={offerMessages.withdrawHint}
        name="reason"
        rows={3}
        maxLength={500}
        required
        autoFocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={withdraw.isPending}>
          {offerMessages.withdrawButton}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        {withdraw.isPending ? <Spinner label="Withdrawing" /> : null}
      </div>
    </form>
  )
}
