import { peopleMessages } from '#shared/messages/people'
import { CONTACT_WAYS, type ContactBy } from '#shared/domain/contact-ways'
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { TitleField } from '#client/components/people/title-field.tsx'
import type { DraftField, PersonDraft, TextDraftField } from './person-draft.ts'

interface Props {
  draft: PersonDraft
  onChange: (field: DraftField, value: string | boolean) => void
  readOnly: boolean
  nicknameEditable: boolean
}

// readOnly rather than disabled: the values stay focusable and readable by screen readers.
// autoComplete is off because these are someone else's details, not the signed-in member's.
export function PersonFields({ draft, onChange, readOnly, nicknameEditable }: Props) {
  const field = (name: TextDraftField) => ({
    name,
    value: draft[name],
    readOnly,
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  })
  return (
    <div className="form-grid">
      <TitleField {...field('title')} />
      <TextField label="First name" {...field('firstName')} required={!readOnly} />
      <TextField label="Last name" {...field('lastName')} required={!readOnly} />
      {/* After the name, which a new person's nickname is proposed from. */}
      <TextField
        label="Nickname"
        {...field('id')}
        readOnly={!nicknameEditable}
        required={nicknameEditable}
        hint={nicknameEditable ? peopleMessages.nicknameProposed : undefined}
      />
      <TextField label="Date joined" type="date" {...field('dateJoined')} />
      <TextField label="Joined waiting list" type="date" {...field('joinedWaitingList')} />
      <TextAreaField label="Address" rows={3} {...field('address')} />
      <TextField label="Phone number" type="tel" {...field('phoneNumber')} />
      <TextField label="E-mail Address" type="email" {...field('email')} />
      <TextField label="Alternative e-mail" type="email" {...field('altEmail')} />
      {readOnly ? (
        <TextField
          label="Way of contact"
          name="contactBy"
          value={peopleMessages.contactBy[draft.contactBy]}
          readOnly
        />
      ) : (
        <SelectField
          label="Way of contact"
          name="contactBy"
          hint={peopleMessages.contactByHint}
          value={draft.contactBy}
          onChange={(event) => onChange('contactBy', event.target.value as ContactBy)}
        >
          {CONTACT_WAYS.map((way) => (
            <option key={way} value={way}>
              {peopleMessages.contactBy[way]}
            </option>
          ))}
        </SelectField>
      )}
      {readOnly ? (
        <TextField
          label="Concession on the rent"
          name="concession"
          value={draft.concession ? 'Yes' : 'No'}
          readOnly
        />
      ) : (
        <CheckboxField
          label="Concession on the rent"
          name="concession"
          checked={draft.concession}
          onChange={(event) => onChange('concession', event.target.checked)}
        />
      )}
      <TextAreaField
        label="Notes"
        rows={4}
        hint={readOnly ? undefined : peopleMessages.notesHint}
        {...field('notes')}
      />
    </div>
  )
}
