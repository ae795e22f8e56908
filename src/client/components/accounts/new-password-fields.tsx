import { accountMessages } from '#shared/messages/accounts'
import { TextField } from '../ui/field.tsx'

export interface NewPasswordDraft {
  newPassword: string
  repeatPassword: string
}

/** The new password, typed twice: My account's change and the forgotten password's link. */
export function NewPasswordFields({
  draft,
  onChange,
}: {
  draft: NewPasswordDraft
  onChange: (field: keyof NewPasswordDraft) => (event: { target: { value: string } }) => void
}) {
  return (
    <>
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={draft.newPassword}
        onChange={onChange('newPassword')}
        hint={accountMessages.passwordHint}
        required
      />
      <TextField
        label="Repeat new password"
        name="repeatPassword"
        type="password"
        autoComplete="new-password"
        value={draft.repeatPassword}
        onChange={onChange('repeatPassword')}
        required
      />
    </>
  )
}
