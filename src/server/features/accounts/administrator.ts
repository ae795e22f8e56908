import { LEVELS } from '#shared/domain/levels'
import type { Auth } from '#server/core/auth/auth'
import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import { loggedChange } from '#server/core/logged-change'
import { applyOneTimePassword, newOneTimePassword, randomPassword } from '#server/features/accounts/passwords'

// On an empty database someone must be able to sign in: create the administrator with a
// generated one-time password, shown once and never stored in clear, which must be replaced at
// the first sign-in.
export async function ensureAdministrator(db: Db, auth: Auth, config: Config) {
  const anyone = await db.kysely.selectFrom('user').select('id').limit(1).executeTakeFirst()
  if (anyone) return undefined
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
  await db.kysely
    .updateTable('user')
    .set({ level: LEVELS.admin, mustChangePassword: 1 })
    .where('id', '=', created.user.id)
    .execute()
  await db.kysely.deleteFrom('session').where('userId', '=', created.user.id).execute()
  return { userName: config.admin.userName, password }
}

/** Whoever runs the recovery command, as the activity log names them. */
export const RECOVERY_ACTOR = 'reset-admin (command line)'

// The way back for a locked-out association (`npm run reset-admin`), run by whoever can reach the
// server's database: the named account becomes an enabled administrator with a one-time password.
export async function recoverAdministrator(db: Db, auth: Auth, userName: string) {
  const name = userName.toLowerCase()
  const { password, hash } = await newOneTimePassword(auth)
  const logged = { methodName: 'resetPassword', eventCollection: 'users', docId: name, userName: RECOVERY_ACTOR }
  return loggedChange(db, logged, async (tx) => {
    const user = await tx.selectFrom('user').select('id').where('username', '=', name).executeTakeFirst()
    if (!user) return undefined
    await applyOneTimePassword(tx, { id: user.id, userName: name }, hash)
    await tx.updateTable('user').set({ level: LEVELS.admin, disabled: 0 }).where('id', '=', user.id).execute()
    return { userName: name, level: LEVELS.admin, disabled: false }
  }).then((recovered) => recovered && { ...recovered, password })
}
