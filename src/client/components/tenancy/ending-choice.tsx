import { useState, useImperativeHandle, type Ref } from 'react'
import type { Refusal } from '#shared/domain/outcome'
import { tenancyEndMessages as words } from '#shared/messages/tenancy-end'
import { SelectField } from '#client/components/ui/field.tsx'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { EndingFields, useEnding, type Ending } from '#client/components/tenancy/ending-fields.tsx'
import './tenancy.css'

/** What the Remove screen's Proceed asks of the ending: whether it may go, and the change. */
export type EndingHandle = Pick<Ending, 'refusal' | 'send'>

// The person's Remove screen's choice to end their tenancy (issue 44): which plot, when several,
// then the ending's questions; the screen's own Proceed sends it through the handle. Loaded only
// when the choice is made.
export function EndingChoice({
  personId,
  plots,
  name,
  disabled,
  refused,
  ref,
}: {
  personId: string
  plots: readonly string[]
  name: string
  disabled: boolean
  refused?: Refusal
  ref: Ref<EndingHandle>
}) {
  const [plotId, setPlotId] = useState(plots[0] ?? '')
  const ending = useEnding(plotId, personId)
  const plotNames = usePlotNames()
  useImperativeHandle(ref, () => ({ refusal: ending.refusal, send: ending.send }), [ending])
  return (
    <>
      {plots.length > 1 ? (
        <SelectField
          label={words.whichPlot}
          name="plot"
          value={plotId}
          disabled={disabled}
          onChange={(event) => setPlotId(event.target.value)}
        >
          {plots.map((plot) => (
            <option key={plot} value={plot}>
              Plot {plotNames.ofKey(plot)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <EndingFields ending={ending} name={name} disabled={disabled} refused={refused} />
    </>
  )
}
