import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { Refusal } from '#shared/domain/outcome'
import { tenancyEndMessages as words } from '#shared/messages/tenancy-end'
import { Alert } from '#client/components/ui/alert.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { useChange } from '#client/lib/use-change.ts'
import { EndingFields, useEnding } from '#client/components/tenancy/ending-fields.tsx'
import { endingChanges, type TenancyEnded } from '#client/components/tenancy/tenancy-api.ts'
import './tenancy.css'
import { usePlotNames } from '#client/components/sites/plot-names.ts'

// A tenant's leaving asked on its own (the plot's tenants screen): the day, why, the invoice,
// then the change; what follows (the plot offered to the list) is the caller's.
export function EndTenancyForm({
  plotId,
  personId,
  name,
  allowMistake = false,
  onEnded,
  onCancel,
}: {
  plotId: string
  personId: string
  name: string
  allowMistake?: boolean
  onEnded: (ended: TenancyEnded) => void
  onCancel: () => void
}) {
  const ending = useEnding(plotId, personId)
  const plotNames = usePlotNames()
  const [refused, setRefused] = useState<Refusal>()
  const form = useRef<HTMLFormElement>(null)
  // The question appears above the lists: the keyboard and a screen reader go to it.
  useEffect(() => form.current?.querySelector('input')?.focus(), [])
  const change = useChange({
    mutationFn: () => ending.send(),
    invalidates: endingChanges,
    refresh: 'background',
    onSuccess: onEnded,
    onError: (failure) => setRefused({ ok: false, message: errorMessage(failure) }),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const refusal = ending.refusal()
    setRefused(refusal)
    if (!refusal) change.mutate()
  }

  const busy = change.isPending
  const label = words.formLabel(name, plotNames.ofKey(plotId))
  return (
    <form ref={form} className="card ending" aria-label={label} onSubmit={submit} noValidate>
      <h2>{label}</h2>
      <Alert>{refused?.message}</Alert>
      <EndingFields
        ending={ending}
        name={name}
        allowMistake={allowMistake}
        disabled={busy}
        refused={refused}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {ending.draft.reason === 'mistake' ? words.removeButton(name) : words.endButton}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
