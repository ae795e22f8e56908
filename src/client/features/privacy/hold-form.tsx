import { useState } from 'react'
import { privacyMessages } from '#shared/messages/privacy'
import type { DuePerson } from '#shared/schemas/privacy'
import { Alert } from '../../components/ui/alert.tsx'
import { ReasonForm } from '../../components/ui/reason-form.tsx'
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
  const hold = useHold()
  return (
    <ReasonForm
      heading={privacyMessages.holdButton(person.name)}
      level={2}
      label={privacyMessages.holdReason}
      submitLabel={privacyMessages.holdButton(person.name)}
      pendingLabel="Saving"
      pending={hold.isPending}
      send={async (reason) => {
        await hold.mutateAsync({ personId: person.id, reason })
        onHeld(privacyMessages.held(person.name))
      }}
      onCancel={onCancel}
    />
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
