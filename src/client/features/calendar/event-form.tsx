import { useState, type FormEvent } from 'react'
import { eventMoments } from '#shared/domain/calendar'
import { calendarMessages as words } from '#shared/messages/calendar'
import { comingMessages } from '#shared/messages/calendar-coming'
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_PLACE_MAX,
  EVENT_TITLE_MAX,
  EVENT_VISIBILITIES,
  HELPERS_MAX,
  eventInputSchema,
  type CalendarEvent,
  type EventInput,
  type EventVisibility,
} from '#shared/schemas/calendar'
import type { Site } from '#shared/schemas/site'
import { Alert } from '#client/components/ui/alert.tsx'
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from '#client/components/ui/field.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { useFormValues } from '#client/lib/form-values.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { useReportUnsaved, type ReportUnsaved } from '#client/lib/unsaved-changes.tsx'
import { useChange } from '#client/lib/use-change.ts'

/** The form's values, as typed: every field text until it is sent. */
export interface EventDraft {
  title: string
  siteId: string
  place: string
  startDate: string
  startTime: string
  endDate: string
  endTime: string
  description: string
  visibility: EventVisibility
  helpersWanted: string
  showComing: boolean
}

/** A new event's form: on the day chosen, from ten to noon, for members. */
export const blankEvent = (day: string, siteId: number | undefined): EventDraft => ({
  title: '',
  siteId: siteId === undefined ? '' : String(siteId),
  place: '',
  startDate: day,
  startTime: '10:00',
  endDate: day,
  endTime: '12:00',
  description: '',
  visibility: 'members',
  helpersWanted: '',
  showComing: false,
})

export const draftOf = (event: CalendarEvent): EventDraft => ({
  title: event.title,
  siteId: event.siteId === null ? '' : String(event.siteId),
  place: event.place,
  startDate: event.startDate,
  startTime: event.startTime,
  endDate: event.endDate,
  endTime: event.endTime,
  description: event.description,
  visibility: event.visibility,
  helpersWanted: event.helpersWanted === null ? '' : String(event.helpersWanted),
  showComing: event.showComing,
})

const inputOf = (draft: EventDraft) => ({
  ...draft,
  siteId: draft.siteId === '' ? null : Number(draft.siteId),
  helpersWanted: draft.helpersWanted.trim() === '' ? null : Number(draft.helpersWanted),
})

interface Props {
  /** The form's name, told apart from every other form on the page. */
  label: string
  formKey: string
  report: ReportUnsaved
  initial: EventDraft
  /** The sites an event may be for; none shown where the organisation has one. */
  sites: Site[]
  /** Whether "All sites" may be chosen (an account limited to some sites may not). */
  everySite: boolean
  save: (input: EventInput) => Promise<CalendarEvent>
  onSaved: (event: CalendarEvent) => void
  onCancel?: () => void
  submitLabel: string
}

// The committee's event: what, where and when on London's clock, who may see it, and for a work
// party how many helpers are wanted. The server checks it all again.
export function EventForm({
  label,
  formKey,
  report,
  initial,
  sites,
  everySite,
  save,
  onSaved,
  onCancel,
  submitLabel,
}: Props) {
  const form = useFormValues(initial)
  const [error, setError] = useState('')
  useReportUnsaved(report, formKey, form.changed)
  const saving = useChange({ mutationFn: save, invalidates: [queryKeys.calendar] })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = eventInputSchema.safeParse(inputOf(form.values))
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    const moments = eventMoments(parsed.data)
    if (!moments.ok) return setError(moments.message)
    setError('')
    saving.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  return (
    <form className="form calendar-form" onSubmit={submit} noValidate aria-label={label}>
      <Alert>{error}</Alert>
      <TextField
        label={words.titleLabel}
        {...form.text('title')}
        maxLength={EVENT_TITLE_MAX}
        required
        autoFocus={onCancel !== undefined}
      />
      {sites.length > 1 || (!everySite && sites.length > 0) ? (
        <SelectField label={words.siteLabel} {...form.text('siteId')}>
          {everySite ? <option value="">{words.everySite}</option> : null}
          {sites.map((site) => (
            <option key={site.id} value={String(site.id)}>
              {site.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField label={words.placeLabel} {...form.text('place')} maxLength={EVENT_PLACE_MAX} />
      <div className="calendar-form__when">
        <TextField label={words.startDateLabel} type="date" {...form.text('startDate')} required />
        <TextField label={words.startTimeLabel} type="time" {...form.text('startTime')} required />
        <TextField label={words.endDateLabel} type="date" {...form.text('endDate')} required />
        <TextField label={words.endTimeLabel} type="time" {...form.text('endTime')} required />
      </div>
      <TextAreaField
        label={words.descriptionLabel}
        {...form.text('description')}
        maxLength={EVENT_DESCRIPTION_MAX}
        rows={4}
      />
      <SelectField
        label={words.visibilityLabel}
        name="visibility"
        value={form.values.visibility}
        onChange={(event) => form.change({ visibility: event.target.value as EventVisibility })}
      >
        {EVENT_VISIBILITIES.map((visibility) => (
          <option key={visibility} value={visibility}>
            {words.visibilities[visibility]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={words.helpersLabel}
        type="number"
        inputMode="numeric"
        min={1}
        max={HELPERS_MAX}
        {...form.text('helpersWanted')}
      />
      <CheckboxField
        label={comingMessages.showComingLabel}
        name="showComing"
        checked={form.values.showComing}
        onChange={(event) => form.change({ showComing: event.target.checked })}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={saving.isPending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {saving.isPending ? <Spinner label="Saving" /> : null}
    </form>
  )
}
