import { parseArgs } from 'node:util'
import { LEVELS } from '#shared/domain/levels'
import { openStore } from '#server/app'
import { clockOf } from '#server/core/clock'
import { loadConfig } from '#server/core/config'
import { ensureAdministrator, recoverAdministrator } from '#server/features/accounts/administrator'

// npm run reset-admin [-- USER_NAME]: a locked-out association's way back. Prints a new one-time
// password for the administrator (ADMIN_USERNAME, or the account named), which is enabled and
// made an administrator; it must choose a new password at its next sign-in. Uses the server's
// own settings (DATA_DIR or DATABASE_URL), and may run while the server runs.
const { positionals } = parseArgs({ allowPositionals: true })
if (positionals.length > 1) {
  console.error('Usage: npm run reset-admin [-- USER_NAME]')
  process.exit(2)
}
const config = loadConfig()
const userName = positionals[0] ?? config.admin.userName
const { db, auth } = await openStore(config)
try {
  const created = await ensureAdministrator(db, auth, config)
  const recovered =
    created ?? (await recoverAdministrator({ db, auth, clock: clockOf(config) }, userName))
  if (!recovered) {
    const admins = await db.kysely
      .selectFrom('user')
      .select('username')
      .where('level', '=', LEVELS.admin)
      .execute()
    console.error(
      `There is no account '${userName}'. Administrators: ${admins.map((a) => a.username).join(', ') || 'none'}.` +
        `\nUsage: npm run reset-admin [-- USER_NAME]`,
    )
    process.exitCode = 1
  } else {
    console.log(
      `\nOne-time password for the administrator.\n  User name: ${recovered.userName}\n  Password:  ${recovered.password}\n` +
        `It must be replaced at the first sign-in.\n`,
    )
  }
} finally {
  await db.destroy()
}
