import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { offerMessages } from '#shared/messages/offers'
import type { StoredLettingSettings } from '#shared/schemas/letting'
import { DayOfYearField } from '#client/components/ui/day-of-year-field.tsx'
import { SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { SettingsForm } from '#client/components/ui/settings-form.tsx'
import { useSettingsForm } from '#client/lib/settings-form.ts'
import { lettingSettingsQuery, saveLettingSettings } from './api.ts'
import { OfferFields } from './offer-fields.tsx'
import { draftOf, settingsOf } from './settings-draft.ts'
import './offers.css'

// Loaded apart: a site's own settings, which an organisation with one site never shows.
const SiteOffers = lazy(() => import('./site-offers.tsx').then((m) => ({ default: m.SiteOffers })))

// How plots are offered, and when the waiting list is asked whether it still wants one: the
// administrator sets it, every offer uses it; a site may offer its plots its own way (decision 53).
export function LettingSettingsPage() {
  const settings = useQuery(lettingSettingsQuery)
  return (
    <section className="offers">
      <PageHeading>{offerMessages.settingsHeading}</PageHeading>
      <p>
        <Link className="link-target" to="/members/offers">
          Back to offers
        </Link>
      </p>
      <QueryState query={settings}>
        {(saved) => (
          <>
            <LettingSettingsForm saved={saved} />
            <Suspense fallback={null}>
              <SiteOffers organisation={saved} />
            </Suspense>
          </>
        )}
      </QueryState>
    </section>
  )
}

function LettingSettingsForm({ saved }: { saved: StoredLettingSettings }) {
  const settings = useSettingsForm({
    saved,
    query: lettingSettingsQuery,
    draftOf,
    read: settingsOf,
    save: saveLettingSettings,
    savedNotice: offerMessages.settingsSaved,
  })
  const { values, change, text } = settings.form
  return (
    <SettingsForm state={settings} submitLabel={offerMessages.saveSettings}>
      <OfferFields values={values} change={change} errorFor={settings.errorFor} />
      <DayOfYearField
        legend={offerMessages.stillWantDate}
        noneLabel={offerMessages.never}
        value={values.stillWantDate}
        onChange={(stillWantDate) => change({ stillWantDate })}
      />
      <TextField
        label={offerMessages.stillWantDays}
        inputMode="numeric"
        autoComplete="off"
        required
        {...text('stillWantDays')}
      />
      <TextField
        label={offerMessages.sitesPerApplicant}
        inputMode="numeric"
        autoComplete="off"
        required
        {...text('sitesPerApplicant')}
      />
      <SelectField
        label={offerMessages.otherPlacesOnAccept}
        name="otherPlacesOnAccept"
        value={values.otherPlacesOnAccept}
        onChange={(event) =>
          change({ otherPlacesOnAccept: event.target.value === 'stay' ? 'stay' : 'end' })
        }
      >
        <option value="end">{offerMessages.otherPlacesEnd}</option>
        <option value="stay">{offerMessages.otherPlacesStay}</option>
      </SelectField>
      <TextAreaField
        label={offerMessages.privacyNoticeLabel}
        rows={8}
        maxLength={4000}
        required
        {...text('privacyNotice')}
      />
    </SettingsForm>
  )
}
