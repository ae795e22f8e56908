import { dictionary } from '@zxcvbn-ts/language-common'
import { accountMessages } from '#shared/messages/accounts'
import { badRequest } from '#server/core/errors'

// About 49,000 passwords known from breaches, shipped with the app; compared case-insensitively.
const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()))

/** Why the password is refused, or undefined when it may be used. */
export function passwordRefusal(password: string, userName: string): string | undefined {
  const lowered = password.toLowerCase()
  if (common.has(lowered) || lowered === userName.toLowerCase())
    return accountMessages.passwordTooCommon
  return undefined
}

export function assertAcceptablePassword(password: string, userName: string) {
  const refusal = passwordRefusal(password, userName)
  if (refusal) throw badRequest(refusal)
}
