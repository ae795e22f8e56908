import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/core/db/database'

/** Longer than this for `select 1`, and the database counts as unreachable. */
const DATABASE_WAIT_MS = 2_000

// GET /health, for a reverse proxy, a service manager or an uptime monitor: 200 when the app can
// serve (the database answers), 503 when it cannot. A status word only: no version, engine or
// error, which would tell a stranger what to attack. While the app starts (migrations) nothing
// listens yet, and once it begins to stop Fastify answers every request 503 itself
// (return503OnClosing) while the port closes, so neither state needs its own answer here. Not
// rate-limited and not logged per request: a monitor asks every few seconds, forever.
export function health(app: FastifyInstance, db: Db) {
  app.get('/health', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const reachable = await databaseAnswers(db)
    if (!reachable) request.log.warn('health: the database did not answer')
    return reply.code(reachable ? 200 : 503).send({ status: reachable ? 'ok' : 'unavailable' })
  })
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_WAIT_MS)
  })
  const answered = sql`select 1`.execute(db.kysely).then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([answered, late])
  } finally {
    clearTimeout(timer)
  }
}
