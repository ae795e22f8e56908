import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { plotMessages } from '#shared/messages/plots'
import type { Plot } from '#shared/schemas/plot'
import { Alert } from '#client/components/ui/alert.tsx'
import { SelectField } from '#client/components/ui/field.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { useChange } from '#client/lib/use-change.ts'
import { choosePayer, plotQuery } from './api.ts'
import { tenantLabel, useTenantNames } from './use-tenant-names.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'

// Who pays a joint plot's rent (issue 43), chosen among its tenants; nobody's record changes.
// A plot of one tenant is theirs to pay, and says so. The form outlives a save, so that its
// message is read out (keyed by the payer, it was made anew by the saved plot, message lost); a
// choice no longer among the tenants falls back to the payer.
export function WhoPays({ plot }: { plot: Plot }) {
  const names = useTenantNames()
  const client = useQueryClient()
  const [choice, setChosen] = useState(plot.payer)
  const chosen = plot.tenants.includes(choice) ? choice : plot.payer
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const plotNames = usePlotNames()
  const { mutate, isPending } = useChange({
    mutationFn: (personId: string) => choosePayer(plot.id, personId),
    invalidates: [queryKeys.plots],
    onSuccess: (saved: Plot) => {
      client.setQueryData(plotQuery(plot.id).queryKey, saved)
      setError('')
      setNotice(plotMessages.payerChosen(tenantLabel(names, saved.payer), plotNames.of(saved)))
    },
    onError: (failure) => {
      setNotice('')
      setError(errorMessage(failure))
    },
  })
  if (plot.tenants.length === 0) return null
  if (plot.tenants.length === 1)
    return (
      <p>
        <strong>Who pays:</strong> {tenantLabel(names, plot.payer)}
      </p>
    )
  return (
    <form
      className="who-pays"
      onSubmit={(event) => {
        event.preventDefault()
        mutate(chosen)
      }}
    >
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      <SelectField
        label="Who pays"
        hint={plotMessages.whoPaysHint}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
      >
        {plot.tenants.map((tenant) => (
          <option key={tenant} value={tenant}>
            {tenantLabel(names, tenant)}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button" disabled={isPending || chosen === plot.payer}>
        Save who pays
      </button>
    </form>
  )
}
