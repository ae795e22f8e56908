import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyServerOptions } from 'fastify'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Config } from '#server/core/config'
import { tooManyAttempts } from '#server/core/errors'
import { openDatabase } from '#server/core/db/database'
import { migrateToLatest } from '#server/core/db/migrations/index'
import { persistentSecret } from '#server/core/db/settings'
import { createAuth, migrateAuthTables } from '#server/core/auth/auth'
import { createMailer, createTransport, SMTP_CONNECTIONS } from '#server/core/email/transport'
import { createCopies } from '#server/core/email/copies'
import { frameworkErrors, problemDetails } from '#server/core/http/problem-details'
import { security } from '#server/core/http/security'
import { openapi } from '#server/core/http/openapi'
import { health } from '#server/core/http/health'
import { closeConnectionsWhenStopping } from '#server/core/http/graceful-close'
import { accessControl } from '#server/core/viewer'
import { sessionCookie } from '#server/core/auth/session-lookup'
import { spa } from '#server/core/http/spa'
import { clockOf } from '#server/core/clock'
import { mailSettings } from '#server/core/db/association-settings'
import { createHooks } from '#server/core/hooks'
import { features } from '#server/features/index'
import { createListCache } from '#server/core/http/cached-list'
import { createJobRunner } from '#server/core/jobs/runner'

const defaultClientDir = path.resolve(fileURLToPath(import.meta.url), '../../../dist/client')

export interface AppOptions {
  config: Config
  logger?: FastifyServerOptions['logger']
  clientDir?: string
  /** PostgreSQL schema to use instead of the connection's default (tests). */
  pgSchema?: string
}

// A link's token (confirming an application, answering an offer, the yearly question) is as good
// as a password while it works, and it rides in the query string: the log keeps the path a request
// went to, never its query. Fastify's own serialiser, but for that.
const requestInLog = (request: {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}) => ({
  method: request.method,
  url: request.url.split('?')[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
})

function withPathsOnly(logger: AppOptions['logger']): AppOptions['logger'] {
  if (!logger) return logger
  const options = logger === true ? {} : logger
  return { ...options, serializers: { ...options.serializers, req: requestInLog } }
}

export async function openStore(config: Config, pgSchema?: string) {
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(pgSchema ? { pgSchema } : {}),
  })
  await migrateToLatest(db, config.charity.name)
  const secret = config.authSecret ?? (await persistentSecret(db, 'auth-secret'))
  const authOptions = {
    db,
    secret,
    baseURL: config.publicUrl,
    origins: config.origins,
    signInLimit: { window: 60, max: config.limits.signIn },
  }
  await migrateAuthTables(authOptions)
  return { db, auth: createAuth(authOptions), secret }
}

export async function buildApp({ config, logger = false, clientDir, pgSchema }: AppOptions) {
  const { db, auth, secret } = await openStore(config, pgSchema)
  const readMailSettings = () => mailSettings(db.kysely, config)
  const mailer = createMailer(config.email, readMailSettings)
  const transport = createTransport(config.email, mailer, readMailSettings)
  // frameworkErrors: the router's own refusals (bad percent-encoding...) as problem details too.
  // trustProxy: request.ip is the client's address for every limit, lockout, log entry and
  // session; only a listed proxy may name it in X-Forwarded-For (decision 40).
  const app = Fastify({
    logger: withPathsOnly(logger),
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', db)
  app.decorate('auth', auth)
  app.decorate('mailer', mailer)
  app.decorate('transport', transport)
  // Through config, so that a test can move the clock on.
  const clock = clockOf(config)
  app.decorate('clock', clock)
  app.decorate('hooks', createHooks())
  const jobs = createJobRunner(db, { log: app.log, clock: clock.now, ...config.jobs })
  app.decorate('jobs', jobs)
  app.decorate(
    'copies',
    createCopies(db, mailer, jobs, {
      connections: SMTP_CONNECTIONS,
      outboxDir: config.email.outboxDir,
    }),
  )
  app.decorate('config', config)
  app.decorate('sendList', createListCache(db))

  problemDetails(app)
  await security(app, config.origins)
  await app.register(compress, { threshold: 1024 })
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, { ttl }) => tooManyAttempts(ttl / 1000),
  })
  await openapi(app)
  health(app, db)
  closeConnectionsWhenStopping(app)
  accessControl(app, auth, db, sessionCookie(config.publicUrl, secret))
  await features(app)
  await spa(app, clientDir ?? defaultClientDir)

  // Jobs run once every feature has defined its kinds. When the app starts to close, no job is
  // claimed any more and those running finish or hand themselves back, while the requests under
  // way finish; the database closes after both.
  app.addHook('onReady', async () => app.jobs.start())
  app.addHook('preClose', async () => void app.jobs.stop())
  app.addHook('onClose', async () => {
    await app.jobs.stop()
    mailer.close()
    await db.destroy()
  })
  return app
}
