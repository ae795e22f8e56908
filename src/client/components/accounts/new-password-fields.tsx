import { accountMessages } from '#shared/messages/accounts'
import { TextField } from '../ui/field.tsx'

export interface NewPasswordDraft {
  newPassword: string
  repeatPassword: string
}

/**
 * The new password, typed twice: My account's change, the forgotten password's link, and joining
 * through an invitation (where it is the first password, so plainly "Password").
 */
export function NewPasswordFields({
  draft,
  onChange,
  first = false,
}: {
  draft: NewPasswordDraft
  onChange: (field: keyof NewPasswordDraft) => (event: { target: { value: string } }) => void
  first?: boolean
}) {
  return (
    <>
      <TextField
        label={first ? 'Password' : 'New password'}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={draft.newPassword}
        onChange={onChange('newPassword')}
        hint={accountMessages.passwordHint}
        required
      />
      <TextField
        label={first ? 'Repeat password' : 'Repeat new password'}
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
