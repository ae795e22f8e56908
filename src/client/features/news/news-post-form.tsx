import { useState, type FormEvent } from 'react'
import { newsMessages } from '#shared/messages/news'
import {
  NEWS_BODY_MAX,
  NEWS_TITLE_MAX,
  newNewsPostSchema,
  type NewsPost,
} from '#shared/schemas/news'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useReportUnsaved, type ReportUnsaved } from '../../lib/unsaved-changes.tsx'
import { useChange } from '../../lib/use-change.ts'
import type { NewsDraft } from './news-draft.ts'

interface Props {
  /** The form's name: the new post's form and an edit's share their field labels. */
  label: string
  /** Names the form to the page's useUnsavedForms. */
  formKey: string
  report: ReportUnsaved
  initial: NewsDraft
  save: (draft: NewsDraft) => Promise<NewsPost>
  onSaved: (post: NewsPost) => void
  /** Only an edit can be cancelled; it also starts with the keyboard in its first field. */
  onCancel?: () => void
  /** A new post may be published at once; an edit leaves that to Publish and Unpublish. */
  withPublishNow?: boolean
}

export function NewsPostForm({
  label,
  formKey,
  report,
  initial,
  save,
  onSaved,
  onCancel,
  withPublishNow,
}: Props) {
  const form = useFormValues(initial)
  const [error, setError] = useState('')
  useReportUnsaved(report, formKey, form.changed)
  const saving = useChange({ mutationFn: save, invalidates: [queryKeys.news] })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = newNewsPostSchema.safeParse(form.values)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    setError('')
    saving.mutate(parsed.data, {
      onSuccess: onSaved,
      // What was typed stays in the form, whatever the server said.
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={label}>
      <Alert>{error}</Alert>
      <TextField
        label="Title"
        {...form.text('title')}
        maxLength={NEWS_TITLE_MAX}
        required
        autoFocus={onCancel !== undefined}
      />
      <TextField label="Date" type="date" {...form.text('date')} required />
      <TextAreaField
        label="Text"
        hint={newsMessages.newsTextHint}
        {...form.text('body')}
        maxLength={NEWS_BODY_MAX}
        rows={10}
      />
      {withPublishNow ? (
        <CheckboxField
          label="Publish now"
          checked={form.values.published}
          onChange={(event) => form.change({ published: event.target.checked })}
        />
      ) : null}
      <div className="button-row">
        <button type="submit" className="button" disabled={saving.isPending}>
          Save post
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
