import { rentMessages } from '#shared/messages/rent'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import type { AreaUnit } from '#shared/domain/area'
import { SelectField, TextField } from '#client/components/ui/field.tsx'
import { textBinding } from '#client/lib/form-values.ts'
import { BAND_FIELDS, MAX_EXTRAS, type RatesDraft } from './settings-draft.ts'

// The fields of the rates, for the organisation's rent settings and a site's own (decision 48):
// each form places them among its own.

interface RatesForm {
  values: RatesDraft
  change: (patch: Partial<RatesDraft>) => void
  errorFor: (field: keyof RatesDraft) => string | undefined
}

const CHARGES = { fee: 'The plot’s fee', area: 'A rate for its area' } as const

export function ChargeField({ values, change }: RatesForm) {
  return (
    <SelectField
      label="Charge"
      name="chargeBasis"
      value={values.chargeBasis}
      onChange={(event) => change({ chargeBasis: event.target.value as RatesDraft['chargeBasis'] })}
    >
      {Object.entries(CHARGES).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </SelectField>
  )
}

export function AreaRateField({
  values,
  change,
  errorFor,
  areaUnit,
}: RatesForm & { areaUnit: AreaUnit }) {
  return (
    <TextField
      label={areaUnit === 'rod' ? 'Rate per rod (£)' : 'Rate per m² (£)'}
      inputMode="decimal"
      autoComplete="off"
      hint="When the charge is a rate for the area: up to four places, such as 0.2569"
      error={errorFor('rate')}
      {...textBinding(values, change)('rate')}
    />
  )
}

/** The band fees and the concession. */
export function BandAndConcessionFields({ values, change, errorFor }: RatesForm) {
  const text = textBinding(values, change)
  return (
    <>
      <fieldset className="rent-fieldset">
        <legend>Full, half and quarter plots</legend>
        <p className="field__hint">{rentMessages.bandFeesHint}</p>
        <div className="rent-fieldset__row">
          {BAND_FIELDS.map(([band, label]) => (
            <TextField
              key={band}
              label={label}
              inputMode="decimal"
              autoComplete="off"
              error={errorFor(band)}
              {...text(band)}
            />
          ))}
        </div>
      </fieldset>
      <TextField
        label="Concession (% off)"
        inputMode="numeric"
        autoComplete="off"
        error={errorFor('concessionPercent')}
        {...text('concessionPercent')}
      />
    </>
  )
}

export function ExtrasFields({ values, change }: RatesForm) {
  const setExtra = (index: number, patch: Partial<RatesDraft['extras'][number]>) =>
    change({
      extras: values.extras.map((extra, at) => (at === index ? { ...extra, ...patch } : extra)),
    })
  return (
    <fieldset className="rent-fieldset">
      <legend>Extra charges</legend>
      {values.extras.map((extra, index) => (
        <fieldset key={index} className="rent-fieldset rent-extra">
          <legend>Extra charge {index + 1}</legend>
          <div className="rent-fieldset__row">
            <TextField
              label="Name"
              autoComplete="off"
              maxLength={60}
              required
              value={extra.name}
              onChange={(event) => setExtra(index, { name: event.target.value })}
            />
            <TextField
              label="Amount (£)"
              inputMode="decimal"
              autoComplete="off"
              required
              value={extra.amount}
              onChange={(event) => setExtra(index, { amount: event.target.value })}
            />
          </div>
          <div className="button-row">
            <button
              type="button"
              className="button button--quiet"
              onClick={() => change({ extras: values.extras.filter((_, at) => at !== index) })}
            >
              Remove<span className="visually-hidden"> extra charge {index + 1}</span>
            </button>
          </div>
        </fieldset>
      ))}
      <div className="button-row">
        <button
          type="button"
          className="button button--quiet"
          disabled={values.extras.length >= MAX_EXTRAS}
          onClick={() => change({ extras: [...values.extras, { name: '', amount: '' }] })}
        >
          Add an extra charge
        </button>
      </div>
    </fieldset>
  )
}

/**
 * The day raised rates take effect (decision 62), the earliest the notice allows unless another
 * is chosen; `hint` says what the form knows (a raise, or a rate that may be raised or lowered).
 */
export function TakesEffectField({
  values,
  change,
  errorFor,
  earliest,
  hint,
}: RatesForm & { earliest: string; hint: string }) {
  return (
    <TextField
      label={rentNoticeMessages.takesEffect}
      type="date"
      min={earliest}
      required
      hint={hint}
      error={errorFor('takesEffect')}
      value={values.takesEffect || earliest}
      onChange={(event) => change({ takesEffect: event.target.value })}
    />
  )
}
