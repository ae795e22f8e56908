import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { rentMessages } from '#shared/messages/rent'
import type { StoredRentSettings } from '#shared/schemas/rent'
import { DayOfYearField } from '../../components/ui/day-of-year-field.tsx'
import { partYearMessages } from '#shared/messages/part-year'
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { SettingsForm } from '../../components/ui/settings-form.tsx'
import { useSettingsForm } from '../../lib/settings-form.ts'
import { rentSettingsQuery, saveRentSettings } from './api.ts'
import {
  BAND_FIELDS,
  draftOf,
  MAX_EXTRAS,
  settingsOf,
  type SettingsDraft,
} from './settings-draft.ts'
import './rent.css'

// How rent is charged, paid and chased: the administrator sets it once, every year uses it.
export function RentSettingsPage() {
  const settings = useQuery(rentSettingsQuery)
  return (
    <section className="rent">
      <PageHeading>Rent settings</PageHeading>
      <p>
        <Link className="link-target" to="/members/rent">
          Back to rent
        </Link>
      </p>
      <QueryState query={settings}>{(saved) => <RentSettingsForm saved={saved} />}</QueryState>
    </section>
  )
}

const CHARGES = { fee: 'The plot’s fee', area: 'A rate for its area' } as const
const UNITS = { squareMetre: 'Square metres', rod: 'Rods' } as const

function RentSettingsForm({ saved }: { saved: StoredRentSettings }) {
  const settings = useSettingsForm({
    saved,
    query: rentSettingsQuery,
    draftOf,
    read: settingsOf,
    save: saveRentSettings,
    savedNotice: rentMessages.rentSettingsSaved,
  })
  const { values, change, text } = settings.form
  const { errorFor } = settings

  const setExtra = (index: number, patch: Partial<SettingsDraft['extras'][number]>) =>
    change({
      extras: values.extras.map((extra, at) => (at === index ? { ...extra, ...patch } : extra)),
    })

  return (
    <SettingsForm
      state={settings}
      className="rent-settings"
      submitLabel={rentMessages.saveRentSettings}
    >
      <DayOfYearField
        legend="Rent year starts"
        value={values.yearStart}
        onChange={(yearStart) => change({ yearStart })}
      />

      <TextField
        label="Days to pay"
        inputMode="numeric"
        autoComplete="off"
        required
        error={errorFor('daysToPay')}
        {...text('daysToPay')}
      />
      <SelectField
        label="Charge"
        name="chargeBasis"
        value={values.chargeBasis}
        onChange={(event) =>
          change({ chargeBasis: event.target.value as SettingsDraft['chargeBasis'] })
        }
      >
        {Object.entries(CHARGES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Areas in"
        name="areaUnit"
        hint={rentMessages.areaUnitHint}
        value={values.areaUnit}
        onChange={(event) => change({ areaUnit: event.target.value as SettingsDraft['areaUnit'] })}
      >
        {Object.entries(UNITS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <TextField
        label={values.areaUnit === 'rod' ? 'Rate per rod (£)' : 'Rate per m² (£)'}
        inputMode="decimal"
        autoComplete="off"
        hint="When the charge is a rate for the area: up to four places, such as 0.2569"
        error={errorFor('rate')}
        {...text('rate')}
      />
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
      <SelectField
        label={partYearMessages.partYearLabel}
        name="partYear"
        value={values.partYear}
        onChange={(event) => change({ partYear: event.target.value as SettingsDraft['partYear'] })}
      >
        {Object.entries(partYearMessages.partYearRules).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>

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

      <TextAreaField
        label="How to pay"
        rows={5}
        maxLength={1000}
        {...text('paymentInstructions')}
      />

      <fieldset className="rent-fieldset">
        <legend>Reminders and arrears (days after the due date)</legend>
        <div className="rent-fieldset__row">
          <TextField
            label="First reminder"
            inputMode="numeric"
            autoComplete="off"
            required
            error={errorFor('first')}
            {...text('first')}
          />
          <TextField
            label="Second reminder"
            inputMode="numeric"
            autoComplete="off"
            required
            error={errorFor('second')}
            {...text('second')}
          />
          <TextField
            label="Arrears"
            inputMode="numeric"
            autoComplete="off"
            required
            error={errorFor('arrears')}
            {...text('arrears')}
          />
        </div>
      </fieldset>
    </SettingsForm>
  )
}
