import { z } from 'zod'
import { isRegistrationLevel } from '#shared/domain/levels'
import { accountMessages } from '#shared/messages/accounts'
import {
  emailAddress,
  requiredText,
  USER_NAME_PATTERN,
  withoutLinks,
} from '#shared/schemas/text-fields'
import { newPassword } from '#shared/schemas/account'

// A select sends its value as text, and an unchosen select sends '' or nothing.
const level = z
  .union([z.number(), z.string()], { error: accountMessages.selectUserLevel })
  .optional()
  .transform((input, ctx) => {
    const value = typeof input === 'string' && input.trim() !== '' ? Number(input) : input
    if (!isRegistrationLevel(value)) {
      ctx.addIssue({ code: 'custom', message: accountMessages.selectUserLevel })
      return z.NEVER
    }
    return value
  })

export const registerSchema = z.object({
  userName: withoutLinks(
    requiredText(accountMessages.enterUserName, 'user name', 40).regex(
      USER_NAME_PATTERN,
      accountMessages.userNameCharacters,
    ),
    'user name',
  ),
  level,
  email: emailAddress,
  password: newPassword,
})

export type Registration = z.infer<typeof registerSchema>

/** Joining through an invitation's link (issue 29): a user name and password, no level asked. */
export const joinSchema = registerSchema
  .pick({ userName: true, password: true })
  .extend({ token: z.string().min(1).max(200) })

export type Join = z.infer<typeof joinSchema>
