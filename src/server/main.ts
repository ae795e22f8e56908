import { loadConfig } from '#server/core/config'
import { buildApp } from '#server/app'
import { ensureAdministrator } from '#server/features/accounts/administrator'
import { administratorNotice, servingNotice } from '#server/start-notice'

const config = loadConfig()
const app = await buildApp({ config, logger: { level: config.logLevel } })

const admin = await ensureAdministrator(app.db, app.auth, config)
// Printed before listening, so that a failed start (a port in use) cannot lose the password.
if (admin) console.log(administratorNotice(admin))

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down')
  await app.close()
  process.exit(0)
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))

await app.listen({ port: config.port, host: config.host })
for (const line of servingNotice(config, app.transport.kind, admin !== undefined)) console.log(line)
