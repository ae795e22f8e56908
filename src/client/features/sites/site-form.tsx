import type { FormEvent } from 'react'
import { SITE_FACILITIES, type SiteFacility } from '#shared/domain/sites'
import { siteMessages as m } from '#shared/messages/sites'
import { SITE_NAME_MAX, siteFieldsSchema, type SiteFields } from '#shared/schemas/site'
import { Alert } from '#client/components/ui/alert.tsx'
import { CheckboxField, TextAreaField, TextField } from '#client/components/ui/field.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { useFormError } from '#client/lib/form-error.ts'
import { useFormValues } from '#client/lib/form-values.ts'
import { useReportUnsaved, type ReportUnsaved } from '#client/lib/unsaved-changes.tsx'

export const NO_SITE_FIELDS: SiteFields = { name: '', address: '', description: '', facilities: [] }

interface Props {
  initial: SiteFields
  /** The form's accessible name: "Add a site", "Edit Northfield". */
  label: string
  submitLabel: string
  save: (fields: SiteFields) => Promise<unknown>
  busy: boolean
  /** After the server saved: the form is closed or emptied by its caller. */
  onSaved: (fields: SiteFields) => void
  onCancel?: () => void
  /** The page's useUnsavedForms: leaving with this form changed asks first. */
  report: ReportUnsaved
  formKey: string
}

// One form for a new site and an existing one: the name, address, the public's short description
// and the facilities. The server's refusals (a name taken, a stale version) show above the fields.
export function SiteForm(props: Props) {
  const { initial, label, submitLabel, save, busy, onSaved, onCancel, report, formKey } = props
  const form = useFormValues<SiteFields>(initial)
  const { error, errorFor, setError } = useFormError<keyof SiteFields>()
  useReportUnsaved(report, formKey, form.changed)

  function toggle(facility: SiteFacility, on: boolean) {
    const chosen = new Set(form.values.facilities)
    if (on) chosen.add(facility)
    else chosen.delete(facility)
    form.change({ facilities: SITE_FACILITIES.filter((known) => chosen.has(known)) })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = siteFieldsSchema.safeParse(form.values)
    if (!parsed.success) {
      const [issue] = parsed.error.issues
      return setError({
        message: issue?.message ?? '',
        field: String(issue?.path[0] ?? ''),
      })
    }
    setError('')
    save(parsed.data).then(
      () => {
        form.reset(initial)
        onSaved(parsed.data)
      },
      (failure: unknown) => setError(errorMessage(failure)),
    )
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={label}>
      <Alert>{error}</Alert>
      <TextField
        label={m.nameLabel}
        {...form.text('name')}
        maxLength={SITE_NAME_MAX}
        required
        error={errorFor('name')}
        autoFocus={onCancel !== undefined}
      />
      <TextAreaField
        label={m.addressLabel}
        {...form.text('address')}
        rows={3}
        error={errorFor('address')}
      />
      <TextAreaField
        label={m.descriptionLabel}
        {...form.text('description')}
        rows={3}
        error={errorFor('description')}
      />
      <fieldset>
        <legend>{m.facilitiesLegend}</legend>
        {SITE_FACILITIES.map((facility) => (
          <CheckboxField
            key={facility}
            label={m.facilities[facility]}
            name="facilities"
            value={facility}
            checked={form.values.facilities.includes(facility)}
            onChange={(event) => toggle(facility, event.target.checked)}
          />
        ))}
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {busy ? <Spinner label="Saving" /> : null}
    </form>
  )
}
