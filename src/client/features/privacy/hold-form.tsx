import { useState, type FormEvent } from 'react'
import { privacyMessages } from '#shared/messages/privacy'
import type { DuePerson } from '#shared/schemas/privacy'
import { Alert } from '../../components/ui/alert.tsx'
import { TextAreaField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useHold, useRelease } from './api.ts'

interface HoldProps {
  person: DuePerson
  onHeld: (notice: string) => void
  onCancel: () => void
}

// Keeping a former member's details past their period needs a reason, which the server requires
// and logs against their record.
export function HoldForm({ person, onHeld, onCancel }: HoldProps) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const hold = useHold()

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    try {
      await hold.mutateAsync({ personId: person.id, reason })
      onHeld(privacyMessages.held(person.name))
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <form
      className="form"
      aria-labelledby="hold-heading"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 id="hold-heading">{privacyMessages.holdButton(person.name)}</h2>
      <Alert>{error}</Alert>
      <TextAreaField
        label={privacyMessages.holdReason}
        name="reason"
        rows={3}
        maxLength={500}
        required
        autoFocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={hold.isPending}>
          {privacyMessages.holdButton(person.name)}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        {hold.isPending ? <Spinner label="Saving" /> : null}
      </div>
    </form>
  )
}

export function ReleaseButton({
  person,
  onReleased,
}: {
  person: DuePerson
  onReleased: (notice: string) => void
}) {
  const release = useRelease()
  const [error, setError] = useState('')
  async function press() {
    setError('')
    try {
      await release.mutateAsync(person.id)
      onReleased(privacyMessages.released(person.name))
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }
  return (
    <>
      <Alert>{error}</Alert>
      <button
        type="button"
        className="button button--quiet"
        disabled={release.isPending}
        onClick={() => void press()}
      >
        {privacyMessages.releaseButton(person.name)}
      </button>
    </>
  )
}
