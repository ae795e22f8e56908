import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { updatePlotSchema, type Plot, type UpdatePlot } from '#shared/schemas/plot'
import { Alert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.tsx'
import { useChange } from '../../lib/use-change.ts'
import { plotQuery, updatePlot } from './api.ts'
import { PlotFields } from './plot-fields.tsx'
import { formValues, type PlotFormValues } from './plot-form-values.ts'

export function PlotEditForm({ plot, onDone }: { plot: Plot; onDone: () => void }) {
  const draft = useFormValues<PlotFormValues>(() => formValues(plot))
  // The version the edit started from: a background refetch must not make a stale edit look
  // fresh, or it would silently overwrite another committee member's change.
  const [version] = useState(plot.version)
  const [error, setError] = useState('')
  const leave = useUnsavedChanges(draft.changed)
  const form = useRef<HTMLFormElement>(null)
  // The Edit button that was pressed is gone; start the keyboard at the first field.
  useEffect(() => form.current?.querySelector<HTMLElement>('textarea, input, select')?.focus(), [])
  const client = useQueryClient()
  const save = useChange({
    mutationFn: (changes: UpdatePlot) => updatePlot(plot.id, changes),
    invalidates: [queryKeys.plots],
    refresh: 'background',
    onSuccess: (saved) => {
      // The answer is the plot as saved: the page shows it as the form closes, not the old one
      // until the refresh lands.
      client.setQueryData(plotQuery(saved.id).queryKey, saved)
      onDone()
    },
    // The typed values stay in the form; the read-only view behind it fetches the new record.
    onError: (failure) => setError(errorMessage(failure)),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = updatePlotSchema.safeParse({ ...draft.values, version })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    setError('')
    save.mutate(parsed.data)
  }

  return (
    <form
      ref={form}
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={`Edit plot ${plot.id}`}
    >
      {leave.prompt}
      <Alert>{error}</Alert>
      <PlotFields values={draft.values} onChange={draft.change} withName={false} />
      <div className="button-row">
        <button type="submit" className="button" disabled={save.isPending}>
          Save changes
        </button>
        <button type="button" className="button button--quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
      {save.isPending ? <Spinner label="Saving" /> : null}
    </form>
  )
}
