import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { AreaUnit } from '#shared/domain/area'
import { newPlotSchema, type NewPlot } from '#shared/schemas/plot'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormError } from '../../lib/form-error.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.tsx'
import { useChange } from '../../lib/use-change.ts'
import { createPlot, plotQuery } from './api.ts'
import { areaUnitQuery } from '../../components/rent/area-unit-query.ts'
import { CommitteeOnly } from './committee-only.tsx'
import { PlotFields } from './plot-fields.tsx'
import { newPlotValues, readPlotForm, type PlotFormValues } from './plot-form-values.ts'
import './plot-screens.css'
import { plotPath } from '#client/lib/paths.ts'
import { siteMessages } from '#shared/messages/sites'
import { SelectField } from '#client/components/ui/field.tsx'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'

export function NewPlotPage() {
  return (
    <CommitteeOnly title="New plot">
      <NewPlotInUnit />
    </CommitteeOnly>
  )
}

// The form's area is in the society's unit, so it waits for the unit.
function NewPlotInUnit() {
  const unit = useQuery(areaUnitQuery)
  return <QueryState query={unit}>{(areaUnit) => <NewPlotForm unit={areaUnit} />}</QueryState>
}

function NewPlotForm({ unit }: { unit: AreaUnit }) {
  const draft = useFormValues<PlotFormValues>(() => newPlotValues(unit))
  const { error, errorFor, setError } = useFormError()
  const leave = useUnsavedChanges(draft.changed)
  const navigate = useNavigate()
  const client = useQueryClient()
  // The site is asked only where there is a choice: a retired site takes no new plot, and with
  // one open site the server puts the plot on it. The site chosen above the plots comes first.
  const chosen = useChosenSite()
  const openSites = chosen.sites.filter((site) => !site.retiredOn)
  const [siteId, setSiteId] = useState<number>()
  const site = siteId ?? openSites.find((open) => open.id === chosen.site)?.id ?? openSites[0]?.id
  const save = useChange({
    mutationFn: (plot: NewPlot) => createPlot(plot),
    invalidates: [queryKeys.plots],
    refresh: 'background',
    onSuccess: (plot) => {
      // The answer is the new plot: its page opens on it at once, not on a spinner.
      client.setQueryData(plotQuery(plot.id).queryKey, plot)
      leave.saved()
      navigate(plotPath(plot.id))
    },
    // A duplicate name comes back from the server as 'Plot name already in use!'.
    onError: (failure) => setError(errorMessage(failure)),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = readPlotForm(draft.values, unit, newPlotSchema)
    if (!parsed.ok) return setError(parsed)
    setError('')
    save.mutate(
      openSites.length > 1 && site !== undefined ? { ...parsed.value, siteId: site } : parsed.value,
    )
  }

  return (
    <section>
      <PageHeading>New plot</PageHeading>
      <form className="form" onSubmit={submit} noValidate>
        {leave.prompt}
        <Alert>{error}</Alert>
        {openSites.length > 1 ? (
          <SelectField
            label={siteMessages.chooserLabel}
            name="siteId"
            value={site}
            onChange={(event) => setSiteId(Number(event.target.value))}
          >
            {openSites.map((open) => (
              <option key={open.id} value={open.id}>
                {open.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <PlotFields
          values={draft.values}
          onChange={draft.change}
          withName
          unit={unit}
          errorFor={errorFor}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={save.isPending}>
            Add plot
          </button>
          <Link className="button button--quiet" to="/members/plots">
            Cancel
          </Link>
        </div>
        {save.isPending ? <Spinner label="Saving" /> : null}
      </form>
    </section>
  )
}
