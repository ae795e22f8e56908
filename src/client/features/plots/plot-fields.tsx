import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { areaLabel, SIZE_BANDS, type AreaUnit, type SizeBand } from '#shared/domain/area'
import { plotMessages } from '#shared/messages/plots'
import type { Gradient } from '#shared/schemas/plot'
import { textBinding } from '../../lib/form-values.ts'
import type { PlotFormValues } from './plot-form-values.ts'

type TextKey = 'id' | 'description' | 'area' | 'distance' | 'fee'
type FlagKey = 'paid' | 'showOnGrid' | 'isNew' | 'isFailed'

const flags: Array<[FlagKey, string]> = [
  ['paid', 'Paid'],
  ['showOnGrid', 'Show on grid'],
  ['isNew', 'New plot'],
  ['isFailed', 'Failed or lapsed'],
]

export interface PlotFieldsProps {
  values: PlotFormValues
  onChange: (patch: Partial<PlotFormValues>) => void
  /** The plot name is chosen once, when the plot is created. */
  withName: boolean
  /** The society's unit for areas. */
  unit: AreaUnit
  /** Why a field's value was refused, by field. */
  errorFor: (field: string) => string | undefined
}

// The fields of the new plot form and of the plot edit form, with the spec's labels.
export function PlotFields({ values, onChange, withName, unit, errorFor }: PlotFieldsProps) {
  const text = (key: TextKey) => ({ ...textBinding(values, onChange)(key), error: errorFor(key) })
  // Text inputs, not type=number: the shared schema decides what a whole number is.
  const whole = { inputMode: 'numeric' as const, autoComplete: 'off' }

  return (
    <>
      <div className="form-grid">
        {withName ? (
          <TextField label="Plot name" autoComplete="off" required {...text('id')} />
        ) : null}
        <TextAreaField label="Description" rows={3} {...text('description')} />
        <TextField
          label={areaLabel(unit)}
          {...whole}
          inputMode={unit === 'rod' ? 'decimal' : 'numeric'}
          {...text('area')}
        />
        <TextField label="Distance (m)" {...whole} {...text('distance')} />
        <SelectField
          label="Gradient"
          name="gradient"
          value={values.gradient}
          onChange={(event) => onChange({ gradient: event.target.value as Gradient })}
        >
          <option value="slope">slope</option>
          <option value="flat">flat</option>
        </SelectField>
        <TextField label="Fee (£)" {...whole} inputMode="decimal" {...text('fee')} />
        <SelectField
          label="Charged as"
          name="sizeBand"
          hint={plotMessages.sizeBandHint}
          value={values.sizeBand}
          onChange={(event) => onChange({ sizeBand: event.target.value as SizeBand | '' })}
        >
          <option value="">{plotMessages.sizeBandNone}</option>
          {SIZE_BANDS.map((band) => (
            <option key={band} value={band}>
              {plotMessages.sizeBand[band]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="plot-flags">
        {flags.map(([key, label]) => (
          <CheckboxField
            key={key}
            label={label}
            name={key}
            checked={values[key]}
            onChange={(event) => onChange({ [key]: event.target.checked })}
          />
        ))}
      </div>
    </>
  )
}
