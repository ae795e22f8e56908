import { z } from 'zod'
import { accountMessages } from '#shared/messages/accounts'
import { emailAddress, USER_NAME_PATTERN } from '#shared/schemas/text-fields'

// A user account as the accounts screen sees it: the API's answer and the client's type.
export const accountSchema = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  level: z.number(),
  requestedLevel: z.number(),
  disabled: z.boolean(),
  createdAt: z.string(),
  /** The person the account belongs to (issue 29), or null. */
  personId: z.string().nullable(),
  /** An address asked for the account whose link has not been followed yet (issue 42), or null. */
  pendingEmail: z.string().nullable(),
  /** The sites the account is limited to (issue 46), or null for every site. */
  sites: z.array(z.number()).nullable(),
})

export type Account = z.infer<typeof accountSchema>

// The signed-in user as /api/me answers it: for showing, never for deciding. The user name is
// the immutable one the account was created with, the same the activity log records.
export const viewerSchema = z.object({
  userName: z.string(),
  email: z.string(),
  level: z.number(),
  /** A one-time password is in use: every screen but My account waits for a new one. */
  mustChangePassword: z.boolean(),
  /** The account is linked to a person's record: My allotment has something to show (issue 29). */
  hasRecord: z.boolean(),
  /** The sites the account is limited to (issue 46); null for every site. */
  sites: z.array(z.int()).nullable(),
})

export type Viewer = z.infer<typeof viewerSchema>

// The same length rule as registration; the common-password rule needs the server's list.
export const newPassword = z
  .string({ error: accountMessages.passwordTooShort })
  .min(8, accountMessages.passwordTooShort)
  .max(128, accountMessages.passwordTooLong)

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(1000, accountMessages.currentPasswordWrong),
  newPassword,
})

export type ChangePassword = z.infer<typeof changePasswordSchema>

/** "Forgotten your password?": the account's user name or e-mail address. */
export const forgottenPasswordSchema = z.object({
  identifier: z
    .string({ error: accountMessages.enterUserNameOrEmail })
    .trim()
    .min(1, accountMessages.enterUserNameOrEmail)
    .max(254, accountMessages.enterUserNameOrEmail)
    .refine(
      (given) => USER_NAME_PATTERN.test(given) || z.regexes.email.test(given),
      accountMessages.enterUserNameOrEmail,
    ),
})

export type ForgottenPassword = z.infer<typeof forgottenPasswordSchema>

/** The new password chosen through the e-mailed link, which the token stands for. */
export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  newPassword,
})

export type ResetPassword = z.infer<typeof resetPasswordSchema>

/**
 * A new sign-in address, as My account asks for it (spec 5: lower-cased, checked), with the
 * account's password (issue 42).
 */
export const changeEmailSchema = z.object({
  email: emailAddress,
  currentPassword: changePasswordSchema.shape.currentPassword,
})

export type ChangeEmail = z.infer<typeof changeEmailSchema>

export const otherSessionsEndedSchema = z.object({ signedOut: z.number() })

export const oneTimePasswordSchema = z.object({ userName: z.string(), password: z.string() })

/** The body of a level change: any level an account can have (the server checks the reach). */
export const accountLevelSchema = z.object({ level: z.number().int().min(0).max(4) })

export const accountDisabledSchema = z.object({ disabled: z.boolean() })

/** An account's sites (issue 46): some, by id, or null for every site. */
export const accountSitesSchema = z.object({
  sites: z.array(z.int().min(1).max(2_147_483_647)).min(1).max(1_000).nullable(),
})

/** Whose the account is: a person's id (their nickname), or null for no one. */
export const accountPersonSchema = z.object({
  personId: z.string().trim().min(1).max(100).nullable(),
})

/** Whether a person signs in (issue 29): their account, or their newest invitation, or neither. */
export const personSignInSchema = z.object({
  account: z.object({ userName: z.string(), lastSignIn: z.string().nullable() }).nullable(),
  invitation: z
    .object({
      createdAt: z.string(),
      expiresAt: z.string(),
      endedHow: z.enum(['joined', 'replaced', 'expired']).nullable(),
    })
    .nullable(),
})
export type PersonSignIn = z.infer<typeof personSignInSchema>

/**
 * Who signs in and who is invited, for the committee's people lists (issue 29), and how the open
 * invitations stand: sent, or waiting for the mail server.
 */
export const peopleSignInSchema = z.object({
  people: z.array(
    z.object({ personId: z.string(), status: z.enum(['account', 'invited']), since: z.string() }),
  ),
  invitationsSent: z.number(),
  invitationsWaiting: z.number(),
})
export type PeopleSignIn = z.infer<typeof peopleSignInSchema>

/** The groups "Invite everyone who has no account yet" may be sent to. */
export const invitationGroupSchema = z.object({ group: z.enum(['plotholders', 'waitinglist']) })
export type InvitationGroup = z.infer<typeof invitationGroupSchema>['group']

export const groupInvitedSchema = z.object({
  invited: z.number(),
  withoutEmail: z.number(),
  signedUp: z.number(),
})
export type GroupInvited = z.infer<typeof groupInvitedSchema>
