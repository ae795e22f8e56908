import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { offerMessages } from '#shared/messages/offers'
import type { StoredLettingSettings } from '#shared/schemas/letting'
import { DayOfYearField } from '../../components/ui/day-of-year-field.tsx'
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { SettingsForm } from '../../components/ui/settings-form.tsx'
import { useSettingsForm } from '../../lib/settings-form.ts'
import { lettingSettingsQuery, saveLettingSettings } from './api.ts'
import { draftOf, settingsOf } from './settings-draft.ts'
import './offers.css'

// How plots are offered, and when the waiting list is asked whether it still wants one: the
// administrator sets it, every offer uses it.
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
      <QueryState query={settings}>{(saved) => <LettingSettingsForm saved={saved} />}</QueryState>
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
      <TextField
        label={offerMessages.offerDays}
        inputMode="numeric"
        autoComplete="off"
        required
        {...text('offerDays')}
      />
      <SelectField
        label={offerMessages.declinePolicy}
        name="goesToEnd"
        value={values.goesToEnd}
        onChange={(event) => change({ goesToEnd: event.target.value === 'yes' ? 'yes' : 'no' })}
      >
        <option value="no">{offerMessages.keepsPlace}</option>
        <option value="yes">{offerMessages.goesToEnd}</option>
      </SelectField>
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
