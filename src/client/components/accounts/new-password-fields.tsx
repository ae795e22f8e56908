import type { z } from 'zod'
import { accountMessages } from '#shared/messages/accounts'
import { commonMessages } from '#shared/messages/common'
import { TextField } from '../ui/field.tsx'

export interface NewPasswordDraft {
  newPassword: string
  repeatPassword: string
}

/**
 * The checks the browser can make of a form with a new password, in the order a person fixes
 * them: the form's schema, then the password typed twice alike. '' when there is nothing to fix.
 */
export function newPasswordProblem(
  parsed: z.ZodSafeParseResult<unknown>,
  draft: NewPasswordDraft,
): string {
  if (!parsed.success) return parsed.error.issues[0]?.message ?? commonMessages.somethingWentWrong
  return draft.newPassword === draft.repeatPassword ? '' : accountMessages.passwordsDiffer
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
