import { inspectionMessages } from '#shared/messages/inspections'
import type { OwnFields } from '#client/components/sites/site-own-settings.tsx'
import { CheckboxField, TextField } from '#client/components/ui/field.tsx'
import { textBinding } from '#client/lib/form-values.ts'
import type { StandardsDraft } from './settings-draft.ts'

// How plots are judged and chased: the grades and the numbers, fields of the organisation's
// inspection settings and of a site's own (decision 53), each form placing them among its own.

// The settings typed as whole numbers, with their labels.
const NUMBERS = [
  ['daysToPutRight', inspectionMessages.daysToPutRight],
  ['noticeMonths', inspectionMessages.noticeMonths],
  ['repeatNotices', inspectionMessages.repeatNotices],
  ['repeatYears', inspectionMessages.repeatYears],
] as const

export function StandardsFields({ values, change, errorFor }: OwnFields<StandardsDraft>) {
  const text = textBinding(values, change)
  const changeGrade = (index: number, patch: Partial<StandardsDraft['grades'][number]>) =>
    change({
      grades: values.grades.map((grade, at) => (at === index ? { ...grade, ...patch } : grade)),
    })
  return (
    <>
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
          error={errorFor(key)}
          {...text(key)}
        />
      ))}
    </>
  )
}
