import { randomBytes } from 'node:crypto'
import type { Auth } from '../auth/auth.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'

// On an empty database someone must be able to sign in: create the administrator with a
// generated password, which is shown once and never stored in clear.
export async function ensureAdministrator(db: Db, auth: Auth, config: Config) {
  const anyone = await db.kysely.selectFrom('user').select('id').limit(1).executeTakeFirst()
  if (anyone) return undefined
  const password = randomBytes(12).toString('base64url')
  const created = await auth.api.signUpEmail({
    body: {
      name: 'Administrator',
      email: config.admin.email,
      password,
      username: config.admin.userName,
      requestedLevel: 4,
    },
  })
  await db.kysely.updateTable('user').set({ level: 4 }).where('id', '=', created.user.id).execute()
  await db.kysely.deleteFrom('session').where('userId', '=', created.user.id).execute()
  return { userName: config.admin.userName, password }
}
