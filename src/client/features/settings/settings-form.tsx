import { useState, type FormEvent } from 'react'
import { settingsMessages } from '#shared/messages/settings'
import {
  ASSOCIATION_NAME_MAX,
  CHARITY_NUMBER_MAX,
  CONTACT_ADDRESS_MAX,
  HOME_HEADING_MAX,
  PAGE_TEXT_MAX,
  REGISTER_URL_MAX,
  SENDER_NAME_MAX,
  updateSettingsSchema,
  type AssociationSettings,
  type Settings,
} from '#shared/schemas/settings'
import { Alert } from '../../components/ui/alert.tsx'
import { SavedNote } from '../../components/ui/saved-note.tsx'
import { TextAreaField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { useReportUnsaved, type ReportUnsaved } from '../../lib/unsaved-changes.tsx'
import { useSaveSettings } from './api.ts'

const fieldsOf = ({ version: _version, ...fields }: Settings): AssociationSettings => fields

export function SettingsForm({ saved, report }: { saved: Settings; report: ReportUnsaved }) {
  const form = useFormValues(() => fieldsOf(saved))
  const [version, setVersion] = useState(saved.version)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  useReportUnsaved(report, 'settings', form.changed)
  const save = useSaveSettings()

  function submit(event: FormEvent) {
    event.preventDefault()
    setNotice('')
    const parsed = updateSettingsSchema.safeParse({ ...form.values, version })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    setError('')
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        // The form stays open: what was saved is its new starting point, so it is clean.
        form.reset(fieldsOf(answer))
        setVersion(answer.version)
        setNotice(settingsMessages.settingsSaved)
      },
      // What was typed stays in the form, whatever the server said.
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Alert>{error}</Alert>
      <TextField
        label="Association name"
        {...form.text('name')}
        maxLength={ASSOCIATION_NAME_MAX}
        required
      />
      <TextField
        label="Charity number"
        {...form.text('charityNumber')}
        maxLength={CHARITY_NUMBER_MAX}
      />
      <TextField
        label="Register link"
        type="url"
        {...form.text('registerUrl')}
        maxLength={REGISTER_URL_MAX}
        required
      />
      <TextAreaField
        label="Contact address"
        {...form.text('contactAddress')}
        maxLength={CONTACT_ADDRESS_MAX}
        rows={4}
      />
      <TextField
        label="E-mail sender name"
        hint={settingsMessages.senderNameHint}
        {...form.text('senderName')}
        maxLength={SENDER_NAME_MAX}
      />
      <TextField
        label="Reply-to address"
        type="email"
        hint={settingsMessages.replyToHint}
        {...form.text('replyTo')}
        maxLength={254}
      />
      <TextField
        label="Committee e-mail address"
        type="email"
        hint={settingsMessages.committeeEmailHint}
        {...form.text('committeeEmail')}
        maxLength={254}
      />
      <TextField
        label="Home page heading"
        {...form.text('homeHeading')}
        maxLength={HOME_HEADING_MAX}
        required
      />
      <TextAreaField
        label="Home page text"
        hint={settingsMessages.markdownHint}
        {...form.text('homeText')}
        maxLength={PAGE_TEXT_MAX}
        rows={10}
      />
      <TextAreaField
        label="About page text"
        hint={settingsMessages.markdownHint}
        {...form.text('aboutText')}
        maxLength={PAGE_TEXT_MAX}
        rows={16}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={save.isPending}>
          {settingsMessages.saveSettings}
        </button>
        {save.isPending ? <Spinner label="Saving" /> : null}
        {/* The last save's notice holds only while the form still shows what was saved. */}
        <SavedNote>{form.changed ? '' : notice}</SavedNote>
      </div>
    </form>
  )
}
