import { useState, type FormEvent } from 'react'
import { CONTACT_WAYS, type ContactBy } from '#shared/domain/contact-ways'
import { myAllotmentMessages, ownFieldLabels } from '#shared/messages/my-allotment'
import { peopleMessages } from '#shared/messages/people'
import type { MyDetails, Person } from '#shared/schemas/person'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { SavedNote } from '../../components/ui/saved-note.tsx'
import { TitleField } from '#client/components/people/title-field.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useSaveMyDetails } from './api.ts'
import { MyEmailForm } from './my-email-form.tsx'

type Draft = Omit<MyDetails, 'version'>

const draftOf = (person: Person): Draft => ({
  title: person.title,
  firstName: person.firstName,
  lastName: person.lastName,
  address: person.address,
  phoneNumber: person.phoneNumber,
  altEmail: person.altEmail,
  contactBy: person.contactBy,
})

/**
 * The member's own details, which they keep up to date themselves. Saved against the version
 * shown: if the committee changed the record meanwhile, the server says so and the form shows
 * the record as it now is (keyed by version in the page, so a new version starts a new draft).
 */
export function MyDetailsForm({ person }: { person: Person }) {
  const [saved, setSaved] = useState('')
  const [error, setError] = useState('')
  const save = useSaveMyDetails()
  const submit = (draft: Draft) => {
    setSaved('')
    setError('')
    save.mutate(
      { ...draft, version: person.version },
      {
        onSuccess: () => setSaved(myAllotmentMessages.detailsSaved),
        onError: (failure) => setError(errorMessage(failure)),
      },
    )
  }
  return (
    <section aria-labelledby="my-details">
      <h2 id="my-details">My details</h2>
      <Alert>{error}</Alert>
      <DetailsForm key={person.version} person={person} busy={save.isPending} onSave={submit} />
      <SavedNote>{saved}</SavedNote>
      <MyEmailForm />
    </section>
  )
}

interface FormProps {
  person: Person
  busy: boolean
  onSave: (draft: Draft) => void
}

function DetailsForm({ person, busy, onSave }: FormProps) {
  const [draft, setDraft] = useState(() => draftOf(person))
  const field = (name: Exclude<keyof Draft, 'contactBy'>) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave(draft)
  }
  return (
    <form onSubmit={submit} noValidate>
      <div className="form-grid">
        <TitleField label={ownFieldLabels.title} {...field('title')} />
        <TextField
          label={ownFieldLabels.firstName}
          autoComplete="given-name"
          {...field('firstName')}
        />
        <TextField
          label={ownFieldLabels.lastName}
          autoComplete="family-name"
          {...field('lastName')}
        />
        <TextAreaField
          label={ownFieldLabels.address}
          rows={3}
          autoComplete="street-address"
          {...field('address')}
        />
        <TextField
          label={ownFieldLabels.phoneNumber}
          type="tel"
          autoComplete="tel"
          {...field('phoneNumber')}
        />
        {/* Text, not a read-only box: a long address wraps instead of being cut off. */}
        <div className="field">
          <p className="my-allotment__label">{ownFieldLabels.email}</p>
          <p className="my-allotment__email-now">{person.email || '—'}</p>
          <p className="field__hint">{myAllotmentMessages.emailHint}</p>
        </div>
        <TextField label={ownFieldLabels.altEmail} type="email" {...field('altEmail')} />
        <SelectField
          label={ownFieldLabels.contactBy}
          name="contactBy"
          hint={peopleMessages.contactByHint}
          value={draft.contactBy}
          onChange={(event) =>
            setDraft((current) => ({ ...current, contactBy: event.target.value as ContactBy }))
          }
        >
          {CONTACT_WAYS.map((way) => (
            <option key={way} value={way}>
              {peopleMessages.contactBy[way]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          Save my details
        </button>
      </div>
    </form>
  )
}
