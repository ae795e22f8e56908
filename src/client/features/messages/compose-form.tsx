import { useState, type FormEvent } from 'react'
import { BASE_MERGE_FIELDS } from '#shared/domain/merge-fields'
import { mailMessages } from '#shared/messages/mail'
import { messageWritingMessages } from '#shared/messages/message-writing'
import { MESSAGE_TEXT_MAX, SUBJECT_MAX, TEMPLATE_NAME_MAX } from '#shared/domain/contact-ways'
import type { Audience, MessageDraft, MessagePlan } from '#shared/schemas/messages'
import { BeforeSending } from '#client/components/messages/before-sending.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { textBinding, useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.tsx'
import { useChange } from '../../lib/use-change.ts'
import { useQuery } from '@tanstack/react-query'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { useViewer } from '#client/lib/session.ts'
import { planMessage, saveTemplate, sendMessage, templatesQuery } from './api.ts'

const GROUPS = {
  plotholders: 'All plot holders',
  waitinglist: 'The waiting list',
  plot: 'The tenants of one plot',
  unpaid: 'The tenants of unpaid plots',
  people: 'People I choose',
} as const
/** A group, or one site's plot holders (issue 46). */
type Group = keyof typeof GROUPS | `site-${number}`
const SITE_GROUP = /^site-(\d+)$/

const BLANK = {
  group: 'plotholders' as Group,
  plotId: '',
  nicknames: '',
  subject: '',
  body: '',
  templateName: '',
}
type Values = typeof BLANK

// Everyone on the waiting list, each told their own reference and place.
const REFERENCES: Values = {
  ...BLANK,
  group: 'waitinglist',
  ...messageWritingMessages.referencesLetter,
}

/** The letter asking the people chosen (by id) for fresh evidence of their concession. */
const freshEvidence = (ids: readonly string[]): Values => ({
  ...BLANK,
  group: 'people',
  nicknames: ids.join(', '),
  ...messageWritingMessages.freshEvidenceLetter,
})

/** The notice of a rent rise to the tenants whose rent rises (decision 62). */
const rentRise = (ids: readonly string[]): Values => ({
  ...BLANK,
  group: 'people',
  nicknames: ids.join(', '),
  ...messageWritingMessages.rentRiseLetter,
})

/**
 * A letter to start from: the waiting list's references, fresh evidence for concessions, or the
 * notice of a rent rise.
 */
export type LetterStart =
  { letter: 'references' } | { letter: 'freshEvidence' | 'rentRise'; people: string[] }

const startingValues = (start?: LetterStart): Values =>
  start?.letter === 'references'
    ? REFERENCES
    : start?.letter === 'freshEvidence'
      ? freshEvidence(start.people)
      : start?.letter === 'rentRise'
        ? rentRise(start.people)
        : BLANK

function audienceOf({ group, plotId, nicknames }: Values): Audience {
  const site = SITE_GROUP.exec(group)
  if (site) return { kind: 'plotholders', siteId: Number(site[1]) }
  if (group === 'plot') return { kind: 'plot', plotId: plotId.trim() }
  if (group === 'people') {
    const ids = nicknames
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean)
    return { kind: 'people', ids }
  }
  return { kind: group as Exclude<keyof typeof GROUPS, 'plot' | 'people'> }
}

/**
 * The groups to choose from: with more than one site, each open site's plot holders beside the
 * whole organisation's; an account limited to some sites has its sites' groups instead (the
 * server refuses it the organisation's).
 */
function useGroups(): [Group, string][] {
  const { sites } = useChosenSite()
  const limited = (useViewer().data?.sites ?? null) !== null
  const open = sites.filter((site) => !site.retiredOn)
  const bySite = open.map((site): [Group, string] => [
    `site-${site.id}`,
    mailMessages.sitePlotHolders(site.name),
  ])
  const [whole, ...others] = Object.entries(GROUPS) as [Group, string][]
  if (limited) return [...bySite, ...others]
  return open.length > 1 ? [whole!, ...bySite, ...others] : [whole!, ...others]
}

// Write a message to a group: Preview asks the server who gets it and how, and shows the first
// person's copies as they will have them (issue 44); only then can it be sent, as previewed. Any
// change asks for a new preview.
export function ComposeForm({
  onSent,
  start,
}: {
  onSent: (notice: string) => void
  /** A letter to start from, instead of a blank one. */
  start?: LetterStart
}) {
  const form = useFormValues(() => startingValues(start))
  const [plan, setPlan] = useState<{ draft: MessageDraft; plan: MessagePlan }>()
  const [error, setError] = useState('')
  const [planning, setPlanning] = useState(false)
  const sending = useChange({ mutationFn: sendMessage, invalidates: [queryKeys.messages] })
  const templates = useQuery(templatesQuery)
  const saving = useChange({ mutationFn: saveTemplate, invalidates: [queryKeys.messages] })
  const [saved, setSaved] = useState('')
  useUnsavedChanges(form.changed && !sending.isPending)
  const groups = useGroups()
  // A group the viewer is not offered (the organisation's, to an account limited to its sites)
  // gives way to the first offered.
  const group = groups.some(([value]) => value === form.values.group)
    ? form.values.group
    : groups[0]![0]

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
      audience: audienceOf({ ...form.values, group }),
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

  // Sends what the preview showed, and only that: the server refuses it if the message would now
  // go otherwise, and a failed send asks for a new preview.
  function send() {
    if (!plan) return
    sending.mutate(
      { ...plan.draft, confirmation: plan.plan.confirmation },
      {
        onSuccess: ({ email, post }) => {
          form.reset(BLANK)
          setPlan(undefined)
          onSent(mailMessages.messageQueued(email, post))
        },
        onError: (failure) => {
          setError(errorMessage(failure))
          setPlan(undefined)
        },
      },
    )
  }

  return (
    <form className="form" onSubmit={preview} noValidate aria-label="Write a message">
      <Alert>{error}</Alert>
      <SelectField
        label="Send to"
        value={group}
        onChange={(e) => change({ group: e.target.value as Group })}
      >
        {groups.map(([value, label]) => (
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
        hint={messageWritingMessages.mergeFieldsHint(BASE_MERGE_FIELDS)}
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
        <BeforeSending
          reach={plan.plan}
          mailServer={plan.plan.mailServer}
          sample={{
            intro: mailMessages.asTheyWillRead(plan.plan.sample.name),
            copies: plan.plan.sample.copies,
          }}
          actions={
            <>
              <button type="button" className="button" onClick={send} disabled={sending.isPending}>
                Send
              </button>
              {sending.isPending ? <Spinner label="Sending" /> : null}
            </>
          }
        />
      ) : null}
    </form>
  )
}
