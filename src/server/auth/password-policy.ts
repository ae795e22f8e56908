import { dictionary } from '@zxcvbn-ts/language-common'
import { messages } from '#shared/messages'
import { badRequest } from '../errors.ts'

// About 49,000 passwords known from breaches, shipped with the app; compared case-insensitively.
const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()))

export function assertAcceptablePassword(password: string, userName: string) {
  const lowered = password.toLowerCase()
  if (common.has(lowered) || lowered === userName.toLowerCase()) {
    throw badRequest(messages.passwordTooCommon)
  }
}
