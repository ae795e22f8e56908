import { z } from 'zod'
import { accountMessages } from '#shared/messages/accounts'
import type { ForgottenPassword, ResetPassword } from '#shared/schemas/account'
import { addressOf } from '#server/core/auth/account-address'
import { passwordRefusal } from '#server/core/auth/password-policy'
import { forgetAllFailures } from '#server/core/auth/sign-in-guard'
import { badRequest } from '#server/core/errors'
import { doubling, type JobKind } from '#server/core/jobs/runner'
import { hashOf, mailLink } from '#server/core/link-tokens'
import { loggedChange, loggedWrite, PUBLIC } from '#server/core/logged-change'
import { mailingOf, type Mailing } from '#server/features/accounts/context'
import * as resetsSql from '#server/features/accounts/password-resets-sql'
import * as accountsSql from '#server/features/accounts/sql'

// "Forgotten your password?" (issue 29). Anyone may ask for a link for a user name or e-mail
// address; the answer is the same whether or not an account has it, and so is the work done
// before answering (issue 42: a known name took three times as long): the lookup and one stored
// job, which then decides whether there is anything to send. A second job e-mails the link,
// making its token as it sends, so that no working link rests in the database (not in the jobs
// table, nor as a copy in the messages, which is why it does not go through app.copies). The link
// works once, for an hour, and only the newest works; using it ends every session of the account.

const LINK_MS = 60 * 60 * 1000

/** A request as its job has it: the account named, if any, and who asked (for the log). */
interface Request {
  userId: string | null
  clientAddress: string
}

/** What the forgotten-password services take from the core. */
export interface Resets extends Mailing {
  request: JobKind<Request>
  email: JobKind<{ resetId: number }>
}

/** The services, their job kinds defined on the app's runner. */
export function passwordResets(app: Mailing): Resets {
  const core = mailingOf(app)
  const email = resetEmailJob(core)
  const resets = { ...core, email, request: requestJob({ ...core, email }) }
  core.jobs.define(resets.request)
  core.jobs.define(resets.email)
  return resets
}

function requestJob(resets: Omit<Resets, 'request'>): JobKind<Request> {
  return {
    kind: 'password-reset-request',
    payload: z.object({ userId: z.string().nullable(), clientAddress: z.string() }),
    maxAttempts: 5,
    backOffMs: doubling(60_000, 15 * 60_000),
    run: (request) => startReset(resets, request),
  }
}

function resetEmailJob(app: Mailing): JobKind<{ resetId: number }> {
  return {
    kind: 'password-reset-email',
    payload: z.object({ resetId: z.number().int() }),
    // A link is good for an hour: there is no point in sending it later than that.
    maxAttempts: 5,
    backOffMs: doubling(60_000, 15 * 60_000),
    run: ({ resetId }) => sendResetLink(app, resetId),
  }
}

/** Stores the request's job, whatever it names: only the job looks further. */
export async function requestPasswordReset(
  { db, jobs, request }: Resets,
  { identifier }: ForgottenPassword,
  clientAddress: string,
) {
  const userId = (await resetsSql.accountToReset(db.kysely, identifier)) ?? null
  await loggedWrite(db, [], (tx) => jobs.enqueue(tx, request, { userId, clientAddress }))
  jobs.wake()
}

// The request's job: an enabled account with an address of its own (a confirmed one, issue 42)
// gets a link, good for an hour.
async function startReset(
  { db, clock, jobs, email }: Omit<Resets, 'request'>,
  { userId, clientAddress }: Request,
) {
  const account = userId ? await resetsSql.accountForReset(db.kysely, userId) : undefined
  if (!account || !addressOf(account.email) || account.disabled) return
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

async function sendResetLink(resets: Mailing, id: number) {
  const reset = await resetsSql.resetToSend(resets.db.kysely, id, resets.clock.now().toISOString())
  if (!reset || !addressOf(reset.email)) return
  await mailLink(resets, {
    path: '/reset-password',
    store: (tx, tokenHash) => resetsSql.setResetToken(tx, id, tokenHash),
    mail: (link, association) => ({
      to: reset.email,
      subject: accountMessages.resetSubject,
      text: accountMessages.resetText(reset.username ?? '', link, association),
    }),
    reference: `password-reset-${id}`,
  })
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
