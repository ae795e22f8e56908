import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { lettingMessages } from '#shared/messages/letting'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { offerMessages } from '#shared/messages/offers'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { myOffersQuery, myStillWantQuery, useAnswerMyOffer } from './api.ts'
import { MyStillWant } from './my-still-want.tsx'

interface Props {
  place: { position: number; total: number } | null
}

/** The member's place on the waiting list, and any plot offered to them, to answer here. */
export function MyWaitingList({ place }: Props) {
  const offers = useQuery(myOffersQuery).data ?? []
  const stillWant = useQuery(myStillWantQuery).data
  const answer = useAnswerMyOffer()
  const [answered, setAnswered] = useState('')
  if (!place && offers.length === 0 && !stillWant && !answered) return null
  const reply = (id: number, plot: string, choice: 'accept' | 'decline', deadline: string) => {
    const question =
      choice === 'accept'
        ? offerMessages.answerAccept(plot, deadline)
        : offerMessages.answerDecline(plot, deadline)
    if (!window.confirm(question)) return
    setAnswered('')
    answer.mutate(
      { id, answer: choice },
      {
        onSuccess: () => setAnswered(myAllotmentMessages.offerAnswered(plot, choice === 'accept')),
      },
    )
  }
  return (
    <section aria-labelledby="my-place">
      <h2 id="my-place">The waiting list</h2>
      {place ? <p>{lettingMessages.position(place.position, place.total)}</p> : null}
      <MyStillWant />
      <Alert>{answer.isError ? errorMessage(answer.error) : ''}</Alert>
      <Alert tone="success">{answered}</Alert>
      {offers.map((offer) => (
        <div key={offer.id} className="my-allotment__offer">
          <p>{myAllotmentMessages.offeredPlot(offer.plotName, offer.deadline)}</p>
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={answer.isPending}
              onClick={() => reply(offer.id, offer.plotName, 'accept', offer.deadline)}
            >
              Accept plot {offer.plotName}
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={answer.isPending}
              onClick={() => reply(offer.id, offer.plotName, 'decline', offer.deadline)}
            >
              Decline plot {offer.plotName}
            </button>
          </div>
        </div>
      ))}
    </section>
  )
}
