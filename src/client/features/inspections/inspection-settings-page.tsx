import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { INSPECTION_MERGE_FIELDS, NOTICE_STAGES } from '#shared/domain/inspections'
import { inspectionMessages } from '#shared/messages/inspections'
import type { StoredInspectionSettings } from '#shared/schemas/inspections'
import { CheckboxField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { SettingsForm } from '../../components/ui/settings-form.tsx'
import { useSettingsForm } from '../../lib/settings-form.ts'
import { inspectionSettingsQuery, saveInspectionSettings } from './api.ts'
import { draftOf, settingsOf } from './settings-draft.ts'
import './inspections.css'

// The settings typed as whole numbers, with their labels.
const NUMBERS = [
  ['daysToPutRight', inspectionMessages.daysToPutRight],
  ['noticeMonths', inspectionMessages.noticeMonths],
  ['repeatNotices', inspectionMessages.repeatNotices],
  ['repeatYears', inspectionMessages.repeatYears],
] as const

// How plots are graded and chased: the administrator sets it, every round and notice uses it.
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
        {(saved) => <InspectionSettingsForm saved={saved} />}
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
  const changeGrade = (index: number, patch: Partial<(typeof values.grades)[number]>) =>
    change({
      grades: values.grades.map((grade, at) => (at === index ? { ...grade, ...patch } : grade)),
    })
  return (
    <SettingsForm state={settings} submitLabel={inspectionMessages.saveSettings}>
      <fieldset className="grades">
        <legend>{inspectionMessages.grades}</legend>
        {values.grades.map((grade, index) => (
          <div className="grades__row" key={index}>
            <TextField
              label={inspectionMessages.gradeNumber(index + 1)}
              autoComplete="off"
              maxLength={40}
              required
              value={grade.name}
              onChange={(event) => changeGrade(index, { name: event.target.value })}
            />
            <CheckboxField
              label={inspectionMessages.needsNotice}
              checked={grade.needsNotice}
              onChange={(event) => changeGrade(index, { needsNotice: event.target.checked })}
            />
            <button
              type="button"
              className="button button--quiet"
              disabled={values.grades.length <= 2}
              onClick={() => change({ grades: values.grades.filter((_, at) => at !== index) })}
            >
              {inspectionMessages.removeGrade(grade.name)}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--quiet"
          disabled={values.grades.length >= 10}
          onClick={() => change({ grades: [...values.grades, { name: '', needsNotice: true }] })}
        >
          {inspectionMessages.addGrade}
        </button>
      </fieldset>
      {NUMBERS.map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          inputMode="numeric"
          autoComplete="off"
          required
          {...text(key)}
        />
      ))}
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
