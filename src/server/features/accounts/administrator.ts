import { LEVELS } from '#shared/domain/levels'
import type { Auth } from '#server/core/auth/auth'
import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import { loggedChange, loggedWrite } from '#server/core/logged-change'
import {
  applyOneTimePassword,
  newOneTimePassword,
  randomPassword,
} from '#server/features/accounts/passwords'
import type { Accounts } from '#server/features/accounts/context'
import * as accountsSql from '#server/features/accounts/sql'

// On an empty database someone must be able to sign in: create the administrator with a
// generated one-time password, shown once and never stored in clear, which must be replaced at
// the first sign-in.
export async function ensureAdministrator(db: Db, auth: Auth, config: Config) {
  if (await accountsSql.anyAccount(db.kysely)) return undefined
  // better-auth hashes it as it creates the account.
  const password = randomPassword()
  const created = await auth.api.signUpEmail({
    body: {
      name: 'Administrator',
      email: config.admin.email,
      password,
      username: config.admin.userName,
      requestedLevel: LEVELS.admin,
    },
  })
  // Unlogged, as it always was: the first start prints the password instead.
  await loggedWrite(db, [], async (tx) => {
    await accountsSql.makeFirstAdministrator(tx, created.user.id)
    await accountsSql.endSessions(tx, created.user.id)
  })
  return { userName: config.admin.userName, password }
}

/** Whoever runs the recovery command, as the activity log names them. */
export const RECOVERY_ACTOR = 'reset-admin (command line)'

// The way back for a locked-out association (`npm run reset-admin`), run by whoever can reach the
// server's database: the named account becomes an enabled administrator with a one-time password.
export async function recoverAdministrator({ db, auth, clock }: Accounts, userName: string) {
  const name = userName.toLowerCase()
  const { password, hash } = await newOneTimePassword(auth)
  const logged = {
    methodName: 'resetPassword',
    eventCollection: 'users',
    docId: name,
    userName: RECOVERY_ACTOR,
  }
  return loggedChange(db, logged, async (tx) => {
    const id = await accountsSql.accountIdByName(tx, name)
    if (!id) return undefined
    await applyOneTimePassword(tx, { id, userName: name }, hash, clock.now().toISOString())
    await accountsSql.restoreAdministrator(tx, id)
    return { userName: name, level: LEVELS.admin, disabled: false }
  }).then((recovered) => recovered && { ...recovered, password })
}
