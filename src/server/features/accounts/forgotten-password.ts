import { z } from 'zod'
import { accountMessages } from '#shared/messages/accounts'
import type { ForgottenPassword, ResetPassword } from '#shared/schemas/account'
import type { Config } from '#server/core/config'
import { passwordRefusal } from '#server/core/auth/password-policy'
import { forgetAllFailures } from '#server/core/auth/sign-in-guard'
import { associationDetails } from '#server/core/db/association-settings'
import type { Mailer } from '#server/core/email/transport'
import { badRequest } from '#server/core/errors'
import { doubling, type JobKind, type JobRunner } from '#server/core/jobs/runner'
import { hashOf, linkTo, newToken } from '#server/core/link-tokens'
import { loggedChange, loggedWrite, PUBLIC } from '#server/core/logged-change'
import type { Accounts } from '#server/features/accounts/context'
import * as resetsSql from '#server/features/accounts/password-resets-sql'
import * as accountsSql from '#server/features/accounts/sql'

// "Forgotten your password?" (issue 29). Anyone may ask for a link for a user name or e-mail
// address; the answer is the same whether or not an account has it. A job e-mails the link,
// making its token as it sends, so that no working link rests in the database (not in the jobs
// table, nor as a copy in the messages, which is why it does not go through app.copies). The link
// works once, for an hour, and only the newest works; using it ends every session of the account.

const LINK_MS = 60 * 60 * 1000

/** What the forgotten-password services take from the core. */
export interface Resets extends Accounts {
  config: Config
  jobs: JobRunner
  mailer: Mailer
  email: JobKind<{ resetId: number }>
}

/** The services, their job kind defined on the app's runner. */
export function passwordResets(app: Omit<Resets, 'email'>): Resets {
  const { db, auth, clock, config, jobs, mailer } = app
  const resets = { db, auth, clock, config, jobs, mailer, email: resetEmailJob(app) }
  jobs.define(resets.email)
  return resets
}

function resetEmailJob(app: Omit<Resets, 'email'>): JobKind<{ resetId: number }> {
  return {
    kind: 'password-reset-email',
    payload: z.object({ resetId: z.number().int() }),
    // A link is good for an hour: there is no point in sending it later than that.
    maxAttempts: 5,
    backOffMs: doubling(60_000, 15 * 60_000),
    run: ({ resetId }) => sendResetLink(app, resetId),
  }
}

export async function requestPasswordReset(
  { db, clock, jobs, email }: Resets,
  { identifier }: ForgottenPassword,
  clientAddress: string,
) {
  const account = await resetsSql.accountToReset(db.kysely, identifier)
  if (!account?.email || account.disabled) return
  const now = clock.now()
  const change = {
    methodName: 'requestPasswordReset',
    eventCollection: 'users',
    docId: account.id,
    userName: PUBLIC,
    clientAddress,
  }
  await loggedChange(db, change, async (tx) => {
    const expiresAt = new Date(now.getTime() + LINK_MS).toISOString()
    const { id } = await resetsSql.insertReset(tx, {
      userId: account.id,
      createdAt: now.toISOString(),
      expiresAt,
    })
    await jobs.enqueue(tx, email, { resetId: id })
    return { userName: account.username, expiresAt }
  })
  jobs.wake()
}

async function sendResetLink({ db, clock, config, mailer }: Omit<Resets, 'email'>, id: number) {
  const reset = await resetsSql.resetToSend(db.kysely, id, clock.now().toISOString())
  if (!reset?.email) return
  const token = newToken()
  const stored = await loggedWrite(db, [], (tx) => resetsSql.setResetToken(tx, id, hashOf(token)))
  if (!stored) return
  const { name } = await associationDetails(db.kysely, config)
  const link = linkTo(config, `/reset-password?token=${token}`)
  await mailer.send(
    {
      to: reset.email,
      subject: accountMessages.resetSubject,
      text: accountMessages.resetText(reset.username ?? '', link, name),
    },
    `password-reset-${id}`,
  )
}

/**
 * The new password chosen through the link: saved, the link ended, every session of the account
 * ended and its failed sign-ins forgotten. A link used, replaced, expired or never sent changes
 * nothing.
 */
export async function resetForgottenPassword(
  { db, auth, clock }: Resets,
  { token, newPassword }: ResetPassword,
  clientAddress: string,
) {
  const reset = await resetsSql.resetWithToken(db.kysely, hashOf(token))
  if (!reset || reset.endedAt || reset.disabled) throw badRequest(accountMessages.resetLinkUnknown)
  const now = clock.now().toISOString()
  if (reset.expiresAt <= now) throw badRequest(accountMessages.resetLinkExpired)
  const userName = reset.username ?? ''
  const refusal = passwordRefusal(newPassword, userName)
  if (refusal) throw badRequest(refusal)
  const hash = await (await auth.$context).password.hash(newPassword)
  const change = {
    methodName: 'resetForgottenPassword',
    eventCollection: 'users',
    docId: reset.userId,
    userName,
    clientAddress,
  }
  return loggedChange(db, change, async (tx) => {
    if (!(await resetsSql.endReset(tx, reset.id, now)))
      throw badRequest(accountMessages.resetLinkUnknown)
    await accountsSql.setPasswordHash(tx, reset.userId, hash, false, now)
    await accountsSql.endSessions(tx, reset.userId)
    await forgetAllFailures(tx, userName)
    return { userName }
  })
}
