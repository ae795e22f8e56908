import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { nextInLine } from '#shared/domain/letting'
import { offerMessages } from '#shared/messages/offers'
import type { OfferChoices } from '#shared/schemas/letting'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApplicantNote } from '../../components/letting/applicant-note.tsx'
import { SelectField, TextAreaField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useChange } from '../../lib/use-change.ts'
import { changedByOffers, makeOffer } from './api.ts'
import type { OffersLocationState } from './offers-page.tsx'

/** A choice from the address when it is one of the choices, else the default. */
const chosen = (wanted: string | null, choices: readonly string[], otherwise: string) =>
  wanted !== null && choices.includes(wanted) ? wanted : otherwise

// The plot and the person, the next in line unless the committee chooses someone else, which
// needs a reason (the server refuses without one and keeps it in the log).
export function NewOfferForm({ waiting, vacantPlots }: OfferChoices) {
  const [params] = useSearchParams()
  const next = nextInLine(waiting)
  const [plotId, setPlotId] = useState(() =>
    chosen(params.get('plot'), vacantPlots, vacantPlots[0]!),
  )
  const [personId, setPersonId] = useState(() =>
    chosen(
      params.get('person'),
      waiting.map((person) => person.id),
      (next ?? waiting[0]!).id,
    ),
  )
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const send = useChange({ mutationFn: makeOffer, invalidates: changedByOffers })
  const navigate = useNavigate()
  const plotNames = usePlotNames()
  const person = waiting.find((candidate) => candidate.id === personId)
  const needsReason = next !== undefined && person !== undefined && person.position > next.position

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    try {
      const offer = await send.mutateAsync({ plotId, personId, reason })
      const state: OffersLocationState = {
        notice: offerMessages.offerSent(plotNames.ofRecord(offer), offer.personName),
      }
      await navigate('/members/offers', { state })
    } catch (failure) {
      // Refused (a reason is needed, the plot was offered or let meanwhile): the choice stays.
      setError(errorMessage(failure))
    }
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <Alert>{error}</Alert>
      <p>
        {next ? offerMessages.nextInLine(next.name, next.position) : offerMessages.nobodyWaiting}
      </p>
      <SelectField
        label={offerMessages.plot}
        name="plotId"
        value={plotId}
        onChange={(event) => setPlotId(event.target.value)}
      >
        {vacantPlots.map((id) => (
          <option key={id} value={id}>
            {plotNames.ofKey(id)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={offerMessages.person}
        name="personId"
        hint={person?.note ? <ApplicantNote note={person.note} /> : undefined}
        value={personId}
        onChange={(event) => setPersonId(event.target.value)}
      >
        {waiting.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {`${candidate.position}. ${candidate.name}`}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={offerMessages.reason}
        hint={offerMessages.reasonHint}
        name="reason"
        rows={3}
        maxLength={500}
        aria-required={needsReason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={send.isPending}>
          {offerMessages.sendOffer}
        </button>
        {send.isPending ? <Spinner label="Sending" /> : null}
      </div>
    </form>
  )
}
