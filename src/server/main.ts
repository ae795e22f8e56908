import { loadConfig } from '#server/core/config'
import { buildApp } from '#server/app'
import { ensureAdministrator } from '#server/features/accounts/administrator'
import { administratorNotice, servingNotice } from '#server/start-notice'

const config = loadConfig()
const app = await buildApp({ config, logger: { level: config.logLevel } })

const admin = await ensureAdministrator(app.db, app.auth, config)
// Printed before listening, so that a failed start (a port in use) cannot lose the password.
if (admin) console.log(administratorNotice(admin))

// A stop (SIGTERM from a service manager, Ctrl-C): the port closes, the requests under way and the
// jobs running finish (a long one hands the rest of its work back), the database closes, and the
// process exits. Past SHUTDOWN_SECONDS it exits anyway, as after a crash: every acknowledged
// write is already on disk, and a job cut off is taken up again once its lease runs out. A second
// signal does not wait.
let stopping = false
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) process.exit(1)
  stopping = true
  app.log.info({ signal }, 'shutting down')
  setTimeout(() => {
    app.log.error({ seconds: config.shutdownMs / 1000 }, 'still busy; exiting without waiting')
    process.exit(1)
  }, config.shutdownMs).unref()
  app.close().then(
    () => process.exit(0),
    (err: unknown) => {
      app.log.error({ err }, 'closing failed')
      process.exit(1)
    },
  )
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)

await app.listen({ port: config.port, host: config.host })
for (const line of servingNotice(config, app.transport.kind, admin !== undefined)) console.log(line)
