import { useState, type FormEvent } from 'react'
import { messages } from '#shared/messages'
import {
  ASSOCIATION_NAME_MAX,
  CHARITY_NUMBER_MAX,
  CONTACT_ADDRESS_MAX,
  PAGE_TEXT_MAX,
  REGISTER_URL_MAX,
  updateSettingsSchema,
  type AssociationSettings,
  type Settings,
} from '#shared/schemas/settings'
import { Alert } from '../../components/ui/alert.tsx'
import { TextAreaField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.tsx'
import { useSaveSettings } from './api.ts'

const fieldsOf = ({ version: _version, ...fields }: Settings): AssociationSettings => fields

export function SettingsForm({ saved }: { saved: Settings }) {
  // The form stays open after a save: what was saved becomes the new 'original', so it is clean.
  const [original, setOriginal] = useState(() => fieldsOf(saved))
  const [values, setValues] = useState(original)
  const [version, setVersion] = useState(saved.version)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const leave = useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(original))
  const save = useSaveSettings()
  const set = (patch: Partial<AssociationSettings>) => {
    setNotice('')
    setValues((current) => ({ ...current, ...patch }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setNotice('')
    const parsed = updateSettingsSchema.safeParse({ ...values, version })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    setError('')
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        const fields = fieldsOf(answer)
        setOriginal(fields)
        setValues(fields)
        setVersion(answer.version)
        setNotice(messages.settingsSaved)
      },
      // What was typed stays in the form, whatever the server said.
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {leave.prompt}
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      <TextField
        label="Association name"
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
        maxLength={ASSOCIATION_NAME_MAX}
        required
      />
      <TextField
        label="Charity number"
        value={values.charityNumber}
        onChange={(event) => set({ charityNumber: event.target.value })}
        maxLength={CHARITY_NUMBER_MAX}
      />
      <TextField
        label="Register link"
        type="url"
        value={values.registerUrl}
        onChange={(event) => set({ registerUrl: event.target.value })}
        maxLength={REGISTER_URL_MAX}
        required
      />
      <TextAreaField
        label="Contact address"
        value={values.contactAddress}
        onChange={(event) => set({ contactAddress: event.target.value })}
        maxLength={CONTACT_ADDRESS_MAX}
        rows={4}
      />
      <TextAreaField
        label="Home page text"
        hint={messages.markdownHint}
        value={values.homeText}
        onChange={(event) => set({ homeText: event.target.value })}
        maxLength={PAGE_TEXT_MAX}
        rows={10}
      />
      <TextAreaField
        label="About page text"
        hint={messages.markdownHint}
        value={values.aboutText}
        onChange={(event) => set({ aboutText: event.target.value })}
        maxLength={PAGE_TEXT_MAX}
        rows={16}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={save.isPending}>
          Submit
        </button>
      </div>
      {save.isPending ? <Spinner label="Saving" /> : null}
    </form>
  )
}
