import { useState, type FormEvent } from 'react'
import { BASE_MERGE_FIELDS } from '#shared/domain/merge-fields'
import { mailMessages } from '#shared/messages/mail'
import { MESSAGE_TEXT_MAX, SUBJECT_MAX, TEMPLATE_NAME_MAX } from '#shared/domain/contact-ways'
import type { Audience, MessageDraft, MessagePlan } from '#shared/schemas/messages'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { textBinding, useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.tsx'
import { useChange } from '../../lib/use-change.ts'
import { useQuery } from '@tanstack/react-query'
import { planMessage, saveTemplate, sendMessage, templatesQuery } from './api.ts'

const GROUPS = {
  plotholders: 'All plot holders',
  waitinglist: 'The waiting list',
  plot: 'The tenants of one plot',
  unpaid: 'The tenants of unpaid plots',
  people: 'People I choose',
} as const
type Group = keyof typeof GROUPS

const BLANK = {
  group: 'plotholders' as Group,
  plotId: '',
  nicknames: '',
  subject: '',
  body: '',
  templateName: '',
}
type Values = typeof BLANK

function audienceOf({ group, plotId, nicknames }: Values): Audience {
  if (group === 'plot') return { kind: 'plot', plotId: plotId.trim() }
  if (group === 'people') {
    const ids = nicknames
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean)
    return { kind: 'people', ids }
  }
  return { kind: group }
}

// Write a message to a group: Preview asks the server who gets it and how (and shows the first
// person's copy filled in); only then can it be sent. Any change asks for a new preview.
export function ComposeForm({ onSent }: { onSent: (notice: string) => void }) {
  const form = useFormValues(BLANK)
  const [plan, setPlan] = useState<{ draft: MessageDraft; plan: MessagePlan }>()
  const [error, setError] = useState('')
  const [planning, setPlanning] = useState(false)
  const sending = useChange({ mutationFn: sendMessage, invalidates: [queryKeys.messages] })
  const templates = useQuery(templatesQuery)
  const saving = useChange({ mutationFn: saveTemplate, invalidates: [queryKeys.messages] })
  const [saved, setSaved] = useState('')
  useUnsavedChanges(form.changed && !sending.isPending)

  const change = (patch: Partial<Values>) => {
    form.change(patch)
    setPlan(undefined)
  }
  const text = textBinding(form.values, change)

  async function preview(event: FormEvent) {
    event.preventDefault()
    // The schema (and zod) load with the first preview, not with the screen.
    const { messageDraftSchema } = await import('#shared/schemas/messages')
    const parsed = messageDraftSchema.safeParse({
      ...form.values,
      audience: audienceOf(form.values),
    })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    setError('')
    setPlanning(true)
    try {
      setPlan({ draft: parsed.data, plan: await planMessage(parsed.data) })
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setPlanning(false)
    }
  }

  // A template fills the subject and the text, which can then be changed for this message.
  function startFrom(id: string) {
    const chosen = templates.data?.find((template) => String(template.id) === id)
    if (chosen) change({ subject: chosen.subject, body: chosen.body })
  }

  async function keepAsTemplate() {
    const { messageTemplateInputSchema } = await import('#shared/schemas/messages')
    const { templateName: name, subject, body } = form.values
    const parsed = messageTemplateInputSchema.safeParse({ name, subject, body })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    setError('')
    saving.mutate(parsed.data, {
      onSuccess: (template) => {
        setSaved(mailMessages.templateSaved(template.name))
        form.change({ templateName: '' })
      },
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  function send() {
    if (!plan) return
    sending.mutate(plan.draft, {
      onSuccess: ({ email, post }) => {
        form.reset(BLANK)
        setPlan(undefined)
        onSent(mailMessages.messageQueued(email, post))
      },
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  const { group } = form.values
  return (
    <form className="form" onSubmit={preview} noValidate aria-label="Write a message">
      <Alert>{error}</Alert>
      <SelectField
        label="Send to"
        value={group}
        onChange={(e) => change({ group: e.target.value as Group })}
      >
        {Object.entries(GROUPS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {group === 'plot' ? <TextField label="Plot" {...text('plotId')} required /> : null}
      {group === 'people' ? (
        <TextField
          label="Nicknames"
          hint={mailMessages.nicknamesHint}
          {...text('nicknames')}
          required
        />
      ) : null}
      {templates.data?.length ? (
        <SelectField
          label="Start from a template"
          value=""
          onChange={(e) => startFrom(e.target.value)}
        >
          <option value="">Choose a template</option>
          {templates.data.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField label="Subject" {...text('subject')} maxLength={SUBJECT_MAX} required />
      <TextAreaField
        label="Message"
        hint={mailMessages.mergeFieldsHint(BASE_MERGE_FIELDS)}
        {...text('body')}
        maxLength={MESSAGE_TEXT_MAX}
        rows={10}
        required
      />
      <div className="button-row">
        <button type="submit" className="button button--quiet" disabled={planning}>
          Preview
        </button>
      </div>
      <details className="message-keep">
        <summary>Keep as a template</summary>
        <Alert tone="success">{saved}</Alert>
        <TextField label="Template name" {...text('templateName')} maxLength={TEMPLATE_NAME_MAX} />
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void keepAsTemplate()}
          disabled={saving.isPending}
        >
          Save as a template
        </button>
      </details>
      {planning ? <Spinner label="Counting" /> : null}
      {plan ? (
        <section className="card message-plan" aria-labelledby="message-plan-heading">
          <h3 id="message-plan-heading">Before sending</h3>
          <p>{mailMessages.messagePlan(plan.plan.email, plan.plan.post)}</p>
          {plan.plan.mailServer ? null : <Alert tone="info">{mailMessages.mailToOutbox}</Alert>}
          <p>As {plan.plan.sample.name} will read it:</p>
          <div className="message-sample">
            <p className="message-sample__subject">{plan.plan.sample.subject}</p>
            <p className="message-sample__body">{plan.plan.sample.body}</p>
          </div>
          <div className="button-row">
            <button type="button" className="button" onClick={send} disabled={sending.isPending}>
              Send
            </button>
          </div>
          {sending.isPending ? <Spinner label="Sending" /> : null}
        </section>
      ) : null}
    </form>
  )
}
