import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { rentMessages } from '#shared/messages/rent'
import type { StoredRentSettings } from '#shared/schemas/rent'
import { DayOfYearField } from '#client/components/ui/day-of-year-field.tsx'
import { partYearMessages } from '#shared/messages/part-year'
import { SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { SettingsForm } from '#client/components/ui/settings-form.tsx'
import { useSettingsForm } from '#client/lib/settings-form.ts'
import { rentSettingsQuery, saveRentSettings } from './api.ts'
import {
  AreaRateField,
  BandAndConcessionFields,
  ChargeField,
  ExtrasFields,
  TakesEffectField,
} from './rate-fields.tsx'
import { draftOf, settingsOf, settingsToSave, type SettingsDraft } from './settings-draft.ts'
// With the form, not loaded apart: a chunk of its own split the rent screens' words from them.
import { RaisesWaiting } from './raises-waiting.tsx'
import { londonDate } from '#shared/domain/dates'
import { earliestRaise, raisesRates } from '#shared/domain/rate-raise'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import './rent.css'

// Loaded apart: a site's own settings, which an organisation with one site never shows.
const SiteRates = lazy(() => import('./site-rates.tsx').then((m) => ({ default: m.SiteRates })))
const ConcessionKinds = lazy(() =>
  import('./concession-kinds.tsx').then((m) => ({ default: m.ConcessionKinds })),
)
const DepositKinds = lazy(() =>
  import('./deposit-kinds.tsx').then((m) => ({ default: m.DepositKinds })),
)

// How rent is charged, paid and chased: the administrator sets it once, every year uses it; a
// site may be charged rates of its own (decision 48).
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
      <QueryState query={settings}>
        {(saved) => (
          <>
            <RentSettingsForm saved={saved} />
            <RaisesWaiting />
            <Suspense fallback={null}>
              <SiteRates organisation={saved} />
              <ConcessionKinds />
              <DepositKinds />
            </Suspense>
          </>
        )}
      </QueryState>
    </section>
  )
}

const UNITS = { squareMetre: 'Square metres', rod: 'Rods' } as const

function RentSettingsForm({ saved }: { saved: StoredRentSettings }) {
  // London's day, as the server's; it refuses a raise too soon by its own.
  const today = londonDate(new Date())
  const settings = useSettingsForm({
    saved,
    query: rentSettingsQuery,
    draftOf,
    read: (draft: SettingsDraft) => settingsToSave(draft, saved, today),
    save: saveRentSettings,
    savedNotice: rentMessages.rentSettingsSaved,
  })
  const { values, change, text } = settings.form
  const { errorFor } = settings
  const rates = { values, change, errorFor }
  // A raise of the rates saved asks from when (decision 62).
  const asked = settingsOf(values)
  const raised = asked.ok && raisesRates(saved, asked.value)
  const earliest = earliestRaise(
    today,
    asked.ok ? asked.value.raiseNoticeMonths : saved.raiseNoticeMonths,
  )

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
      <ChargeField {...rates} />
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
      <AreaRateField {...rates} areaUnit={values.areaUnit} />
      <BandAndConcessionFields {...rates} />
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

      <ExtrasFields {...rates} />
      <TextField
        label={rentNoticeMessages.raiseNoticeMonths}
        inputMode="numeric"
        autoComplete="off"
        required
        hint={rentNoticeMessages.raiseNoticeHint}
        error={errorFor('raiseNoticeMonths')}
        {...text('raiseNoticeMonths')}
      />
      {raised ? (
        <TakesEffectField
          {...rates}
          earliest={earliest}
          hint={rentNoticeMessages.earliestRaise(earliest)}
        />
      ) : null}

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
