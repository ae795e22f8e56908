import { randomBytes } from 'node:crypto'
import { messages } from '#shared/messages'
import type { ChangePassword } from '#shared/schemas/account'
import type { Auth } from '#server/core/auth/auth'
import { passwordRefusal } from '#server/core/auth/password-policy'
import { clearFailures, lockedOutFor, recordFailure } from '#server/core/auth/sign-in-guard'
import type { Db } from '#server/core/db/database'
import type { WriteTx } from '#server/core/db/write-transaction'
import { badRequest, forbidden, notFound, tooManyAttempts } from '#server/core/errors'
import type { Actor } from '#server/core/viewer'
import { accountChange, loggedChange } from '#server/core/logged-change'

async function setPassword(tx: WriteTx, userId: string, hash: string, mustChangePassword: boolean) {
  const now = new Date().toISOString()
  await tx
    .updateTable('account')
    .set({ password: hash, updatedAt: now })
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .execute()
  await tx
    .updateTable('user')
    .set({ mustChangePassword: mustChangePassword ? 1 : 0, updatedAt: now })
    .where('id', '=', userId)
    .execute()
}

/** Ends every session of the viewer's account but the one they are using; how many ended. */
async function endOtherSessions(tx: WriteTx, viewer: Actor['viewer']) {
  const ended = await tx
    .deleteFrom('session')
    .where('userId', '=', viewer.id)
    .where('token', '!=', viewer.sessionToken)
    .executeTakeFirst()
  return Number(ended.numDeletedRows)
}

// The current password is required, and wrong ones count towards the same lockout as sign-in:
// a session left open on a shared computer must not become a way to guess the password. The
// hashing happens before the write transaction, so no writer waits on argon2. Whoever had the old
// password may have signed in with it elsewhere: every other session ends with it.
export async function changeOwnPassword(db: Db, auth: Auth, actor: Actor, change: ChangePassword) {
  const { viewer, clientAddress } = actor
  const attempt = { userName: viewer.userName, clientAddress }
  const wait = await lockedOutFor(db, attempt)
  if (wait > 0) throw tooManyAttempts(wait)
  const { password } = await auth.$context
  const stored = await db.kysely
    .selectFrom('account')
    .select('password')
    .where('userId', '=', viewer.id)
    .where('providerId', '=', 'credential')
    .executeTakeFirst()
  const matches =
    !!stored?.password &&
    (await password.verify({ hash: stored.password, password: change.currentPassword }))
  if (!matches) await recordFailure(db, attempt)
  const refusal = !matches
    ? messages.currentPasswordWrong
    : change.newPassword === change.currentPassword
      ? messages.newPasswordSame
      : passwordRefusal(change.newPassword, viewer.userName)
  const hash = refusal ? '' : await password.hash(change.newPassword)
  const result = await loggedChange(
    db,
    accountChange('changePassword', viewer.id, actor),
    async (tx) => {
      if (refusal) throw badRequest(refusal)
      await setPassword(tx, viewer.id, hash, false)
      const otherSessionsEnded = await endOtherSessions(tx, viewer)
      return { id: viewer.id, userName: viewer.userName, otherSessionsEnded }
    },
  )
  await clearFailures(db, attempt)
  return result
}

export function signOutOtherSessions(db: Db, actor: Actor) {
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
) {
  await setPassword(tx, user.id, hash, true)
  await tx.deleteFrom('session').where('userId', '=', user.id).execute()
  await tx.deleteFrom('sign_in_failures').where('userName', '=', user.userName).execute()
}

// An administrator's reset of another account. The log records who and from where, never the
// password.
export async function resetPassword(db: Db, auth: Auth, actor: Actor, id: string) {
  if (id === actor.viewer.id) throw forbidden(messages.ownAccountFixed)
  const { password, hash } = await newOneTimePassword(auth)
  const { userName } = await loggedChange(
    db,
    accountChange('resetPassword', id, actor),
    async (tx) => {
      const target = await tx
        .selectFrom('user')
        .select(['id', 'username'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!target) throw notFound(messages.accountMissing)
      const user = { id, userName: target.username ?? '' }
      await applyOneTimePassword(tx, user, hash)
      return user
    },
  )
  return { userName, password }
}
