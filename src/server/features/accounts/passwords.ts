import { randomBytes } from 'node:crypto'
import { accountMessages } from '#shared/messages/accounts'
import type { ChangePassword } from '#shared/schemas/account'
import type { Auth } from '#server/core/auth/auth'
import { passwordRefusal } from '#server/core/auth/password-policy'
import {
  clearFailures,
  forgetAllFailures,
  lockedOutFor,
  recordFailure,
} from '#server/core/auth/sign-in-guard'
import type { WriteTx } from '#server/core/db/write-transaction'
import { badRequest, forbidden, notFound, tooManyAttempts } from '#server/core/errors'
import type { Actor } from '#server/core/viewer'
import { accountChange, loggedChange } from '#server/core/logged-change'
import type { Accounts } from '#server/features/accounts/context'
import * as accountsSql from '#server/features/accounts/sql'

const endOtherSessions = (tx: WriteTx, viewer: Actor['viewer']) =>
  accountsSql.endSessionsBut(tx, viewer.id, viewer.sessionToken)

/**
 * Whether `given` is the account's password. A wrong one counts towards the same lockout as
 * sign-in: a session left open on a shared computer must not become a way to guess the password.
 * The caller clears the failures once its change is made.
 */
export async function isCurrentPassword({ db, auth }: Accounts, actor: Actor, given: string) {
  const attempt = { userName: actor.viewer.userName, clientAddress: actor.clientAddress }
  const wait = await lockedOutFor(db, attempt)
  if (wait > 0) throw tooManyAttempts(wait)
  const { password } = await auth.$context
  const stored = await accountsSql.passwordHash(db.kysely, actor.viewer.id)
  const matches = !!stored && (await password.verify({ hash: stored, password: given }))
  if (!matches) await recordFailure(db, attempt)
  return matches
}

// The current password is required. The hashing happens before the write transaction, so no
// writer waits on argon2. Whoever had the old password may have signed in with it elsewhere:
// every other session ends with it.
export async function changeOwnPassword(accounts: Accounts, actor: Actor, change: ChangePassword) {
  const { db, auth, clock } = accounts
  const { viewer, clientAddress } = actor
  const matches = await isCurrentPassword(accounts, actor, change.currentPassword)
  const refusal = !matches
    ? accountMessages.currentPasswordWrong
    : change.newPassword === change.currentPassword
      ? accountMessages.newPasswordSame
      : passwordRefusal(change.newPassword, viewer.userName)
  const hash = refusal ? '' : await (await auth.$context).password.hash(change.newPassword)
  const result = await loggedChange(
    db,
    accountChange('changePassword', viewer.id, actor),
    async (tx) => {
      if (refusal) throw badRequest(refusal)
      await accountsSql.setPasswordHash(tx, viewer.id, hash, false, clock.now().toISOString())
      const otherSessionsEnded = await endOtherSessions(tx, viewer)
      return { id: viewer.id, userName: viewer.userName, otherSessionsEnded }
    },
  )
  await clearFailures(db, { userName: viewer.userName, clientAddress })
  return result
}

export function signOutOtherSessions({ db }: Accounts, actor: Actor) {
  const { viewer } = actor
  return loggedChange(db, accountChange('signOutOtherSessions', viewer.id, actor), async (tx) => ({
    signedOut: await endOtherSessions(tx, viewer),
  }))
}

/** A new random password, for someone to be handed once. */
export const randomPassword = () => randomBytes(12).toString('base64url')

/** A one-time password and its hash. */
export async function newOneTimePassword(auth: Auth) {
  const password = randomPassword()
  return { password, hash: await (await auth.$context).password.hash(password) }
}

/**
 * Gives the account a one-time password (already hashed) that must be replaced at the next
 * sign-in, ends every session of it and forgets its failed sign-ins.
 */
export async function applyOneTimePassword(
  tx: WriteTx,
  user: { id: string; userName: string },
  hash: string,
  now: string,
) {
  await accountsSql.setPasswordHash(tx, user.id, hash, true, now)
  await accountsSql.endSessions(tx, user.id)
  await forgetAllFailures(tx, user.userName)
}

// An administrator's reset of another account. The log records who and from where, never the
// password.
export async function resetPassword({ db, auth, clock }: Accounts, actor: Actor, id: string) {
  if (id === actor.viewer.id) throw forbidden(accountMessages.ownAccountFixed)
  const { password, hash } = await newOneTimePassword(auth)
  const { userName } = await loggedChange(
    db,
    accountChange('resetPassword', id, actor),
    async (tx) => {
      const target = await accountsSql.accountRow(tx, id)
      if (!target) throw notFound(accountMessages.accountMissing)
      const user = { id, userName: target.username ?? '' }
      await applyOneTimePassword(tx, user, hash, clock.now().toISOString())
      return user
    },
  )
  return { userName, password }
}
