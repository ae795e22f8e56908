import { useState } from 'react'
import { Link } from 'react-router'
import { peopleMessages } from '#shared/messages/people'
import { offerMessages } from '#shared/messages/offers'
import type { LapsedPerson, Offer } from '#shared/schemas/letting'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApplicantNote } from '../../components/letting/applicant-note.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { shortDate } from '#shared/domain/dates'
import { useChange } from '../../lib/use-change.ts'
import { answerOffer, changedByOffers } from './api.ts'
import { WithdrawOfferForm } from './withdraw-offer-form.tsx'

const OPEN = {
  plot: offerMessages.plot,
  person: offerMessages.person,
  deadline: offerMessages.deadline,
  channel: 'Sent by',
  answer: 'Answer',
}

const CLOSED = {
  plot: offerMessages.plot,
  person: offerMessages.person,
  deadline: offerMessages.deadline,
  status: offerMessages.status,
}

// A person on the list may have become a plot holder since: their page there redirects.
const personHref = (id: string) => `/members/waitinglist/${encodeURIComponent(id)}`

/**
 * The offers waiting for an answer; one given by letter or phone is recorded here, and an offer
 * can be withdrawn.
 */
export function OpenOffers({ offers }: { offers: Offer[] }) {
  const answer = useChange({ mutationFn: answerOffer, invalidates: changedByOffers })
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const [withdrawing, setWithdrawing] = useState<Offer>()
  const plotNames = usePlotNames()
  function record(id: number, given: 'accept' | 'decline') {
    setError('')
    answer.mutate({ id, answer: given }, { onError: (failure) => setError(errorMessage(failure)) })
  }
  return (
    <section className="card" aria-labelledby="open-offers-heading">
      <h2 id="open-offers-heading">{offerMessages.openOffers}</h2>
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      {offers.length === 0 ? (
        <p>{offerMessages.noOpenOffers}</p>
      ) : (
        <CardTable caption={offerMessages.openOffers} columns={Object.values(OPEN)}>
          {offers.map((offer) => (
            <tr key={offer.id}>
              <OfferCells offer={offer} />
              <td data-label={OPEN.channel}>{peopleMessages.contactBy[offer.channel]}</td>
              <td data-label={OPEN.answer}>
                <div className="row-actions">
                  {(['accept', 'decline'] as const).map((given) => (
                    <button
                      key={given}
                      type="button"
                      className="button button--quiet"
                      disabled={answer.isPending}
                      onClick={() => record(offer.id, given)}
                    >
                      {given === 'accept'
                        ? offerMessages.recordAccepted
                        : offerMessages.recordDeclined}
                      <span className="visually-hidden">
                        {' '}
                        ({plotNames.ofRecord(offer)}, {offer.personName})
                      </span>
                    </button>
                  ))}
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() => {
                      setNotice('')
                      setWithdrawing(offer)
                    }}
                  >
                    {offerMessages.withdraw}
                    <span className="visually-hidden">
                      {' '}
                      ({plotNames.ofRecord(offer)}, {offer.personName})
                    </span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </CardTable>
      )}
      {withdrawing ? (
        <WithdrawOfferForm
          key={withdrawing.id}
          offer={withdrawing}
          onWithdrawn={(withdrawn) => {
            setWithdrawing(undefined)
            setNotice(withdrawn)
          }}
          onCancel={() => setWithdrawing(undefined)}
        />
      ) : null}
    </section>
  )
}

/** The offers answered, lapsed or withdrawn, as the server lists them. */
export function ClosedOffers({ offers }: { offers: Offer[] }) {
  return (
    <section className="card" aria-labelledby="closed-offers-heading">
      <h2 id="closed-offers-heading">{offerMessages.closedOffers}</h2>
      {offers.length === 0 ? (
        <p>{offerMessages.noClosedOffers}</p>
      ) : (
        <CardTable caption={offerMessages.closedOffers} columns={Object.values(CLOSED)}>
          {offers.map((offer) => (
            <tr key={offer.id}>
              <OfferCells offer={offer} />
              <td data-label={CLOSED.status}>{offerMessages.offerStatus[offer.status]}</td>
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  )
}

/** The cells both lists begin with: the plot, who it was offered to, and by when to answer. */
function OfferCells({ offer }: { offer: Offer }) {
  const plotNames = usePlotNames()
  return (
    <>
      <th scope="row">{plotNames.ofRecord(offer)}</th>
      <td data-label={offerMessages.person}>
        <Link to={personHref(offer.personId)}>{offer.personName}</Link>
        <ApplicantNote note={offer.personNote} />
      </td>
      <td data-label={offerMessages.deadline}>{shortDate(offer.deadline)}</td>
    </>
  )
}

/** Those taken off the list for not answering the yearly question; their page restores them. */
export function LapsedPeople({ people }: { people: LapsedPerson[] }) {
  return (
    <section className="card" aria-labelledby="lapsed-heading">
      <h2 id="lapsed-heading">{offerMessages.lapsedHeading}</h2>
      {people.length === 0 ? (
        <p>{offerMessages.noLapsed}</p>
      ) : (
        <CardTable
          caption={offerMessages.lapsedHeading}
          columns={[offerMessages.person, offerMessages.lapsedOn]}
        >
          {people.map((person) => (
            <tr key={person.id}>
              <td data-label={offerMessages.person}>
                <Link to={personHref(person.id)}>{person.name}</Link>
              </td>
              <td data-label={offerMessages.lapsedOn}>{shortDate(person.lapsedOn)}</td>
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  )
}
