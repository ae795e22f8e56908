import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { AreaUnit } from '#shared/domain/area'
import { updatePlotSchema, type Plot, type UpdatePlot } from '#shared/schemas/plot'
import { Alert } from '../../components/ui/alert.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormError } from '../../lib/form-error.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.tsx'
import { useChange } from '../../lib/use-change.ts'
import { plotQuery, updatePlot } from './api.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { areaUnitQuery } from '../../components/rent/area-unit-query.ts'
import { PlotFields } from './plot-fields.tsx'
import { formValues, readPlotForm, type PlotFormValues } from './plot-form-values.ts'

interface Props {
  plot: Plot
  onDone: () => void
}

// The form starts from the area in the society's unit, so it waits for the unit.
export function PlotEditForm(props: Props) {
  const unit = useQuery(areaUnitQuery)
  return (
    <QueryState query={unit}>{(areaUnit) => <EditForm {...props} unit={areaUnit} />}</QueryState>
  )
}

function EditForm({ plot, onDone, unit }: Props & { unit: AreaUnit }) {
  const draft = useFormValues<PlotFormValues>(() => formValues(plot, unit))
  // The version the edit started from: a background refetch must not make a stale edit look
  // fresh, or it would silently overwrite another committee member's change.
  const [version] = useState(plot.version)
  const { error, errorFor, setError } = useFormError()
  const leave = useUnsavedChanges(draft.changed)
  const form = useRef<HTMLFormElement>(null)
  // The Edit button that was pressed is gone; start the keyboard at the first field.
  useEffect(() => form.current?.querySelector<HTMLElement>('textarea, input, select')?.focus(), [])
  const client = useQueryClient()
  const names = usePlotNames()
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
    const parsed = readPlotForm({ ...draft.values, version }, unit, updatePlotSchema)
    if (!parsed.ok) return setError(parsed)
    setError('')
    save.mutate(parsed.value)
  }

  return (
    <form
      ref={form}
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={`Edit plot ${names.of(plot)}`}
    >
      {leave.prompt}
      <Alert>{error}</Alert>
      <PlotFields
        values={draft.values}
        onChange={draft.change}
        withName={false}
        unit={unit}
        errorFor={errorFor}
      />
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
