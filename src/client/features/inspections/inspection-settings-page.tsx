import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { INSPECTION_MERGE_FIELDS, NOTICE_STAGES } from '#shared/domain/inspections'
import { inspectionMessages } from '#shared/messages/inspections'
import type { StoredInspectionSettings } from '#shared/schemas/inspections'
import { TextAreaField, TextField } from '#client/components/ui/field.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { SettingsForm } from '#client/components/ui/settings-form.tsx'
import { useSettingsForm } from '#client/lib/settings-form.ts'
import { inspectionSettingsQuery, saveInspectionSettings } from './api.ts'
import { draftOf, settingsOf } from './settings-draft.ts'
import { StandardsFields } from './standards-fields.tsx'
import './inspections.css'

// Loaded apart: a site's own settings, which an organisation with one site never shows.
const SiteStandards = lazy(() =>
  import('./site-standards.tsx').then((m) => ({ default: m.SiteStandards })),
)

// How plots are graded and chased: the administrator sets it, every round and notice uses it; a
// site may have grades and notices of its own (decision 53).
export function InspectionSettingsPage() {
  const settings = useQuery(inspectionSettingsQuery)
  return (
    <section className="inspections">
      <PageHeading>{inspectionMessages.settingsHeading}</PageHeading>
      <p>
        <Link className="link-target" to="/members/inspections">
          {inspectionMessages.backToRounds}
        </Link>
      </p>
      <QueryState query={settings}>
        {(saved) => (
          <>
            <InspectionSettingsForm saved={saved} />
            <Suspense fallback={null}>
              <SiteStandards organisation={saved} />
            </Suspense>
          </>
        )}
      </QueryState>
    </section>
  )
}

function InspectionSettingsForm({ saved }: { saved: StoredInspectionSettings }) {
  const settings = useSettingsForm({
    saved,
    query: inspectionSettingsQuery,
    draftOf,
    read: settingsOf,
    save: saveInspectionSettings,
    savedNotice: inspectionMessages.settingsSaved,
  })
  const { values, change, text } = settings.form
  return (
    <SettingsForm state={settings} submitLabel={inspectionMessages.saveSettings}>
      <StandardsFields values={values} change={change} errorFor={settings.errorFor} />
      <p className="field__hint">{inspectionMessages.letterFieldsHint(INSPECTION_MERGE_FIELDS)}</p>
      {NOTICE_STAGES.map((stage) => (
        <fieldset key={stage}>
          <legend>{inspectionMessages.letterStage[stage]}</legend>
          <TextField
            label={inspectionMessages.letterSubject}
            autoComplete="off"
            required
            {...text(`${stage}Subject`)}
          />
          <TextAreaField
            label={inspectionMessages.letterBody}
            rows={8}
            required
            {...text(`${stage}Body`)}
          />
        </fieldset>
      ))}
    </SettingsForm>
  )
}
