import { loadConfig } from '#server/core/config'
import { buildApp } from '#server/app'
import { ensureAdministrator } from '#server/features/accounts/administrator'

const config = loadConfig()
const app = await buildApp({ config, logger: { level: config.logLevel } })

const admin = await ensureAdministrator(app.db, app.auth, config)
if (admin) {
  // Printed once, on the first start with an empty database; replaced at the first sign-in.
  console.log(
    `\nAdministrator account created.\n  User name: ${admin.userName}\n  Password:  ${admin.password}\n`,
  )
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down')
  await app.close()
  process.exit(0)
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))

await app.listen({ port: config.port, host: config.host })
