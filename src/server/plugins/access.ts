import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Auth } from '../auth/auth.ts'
import { findSession, sessionState, sessionToken } from '../auth/session-lookup.ts'
import type { Db } from '../db/database.ts'
import { forbidden, unauthorized } from '../errors.ts'

export interface Viewer {
  id: string
  userName: string
  email: string
  level: number
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Lowest level that may call the route: 0 for anyone, even without a session. */
    minLevel?: number
    /** The route returns or changes people's personal data (address, phone, email). */
    personalData?: boolean
  }
  interface FastifyRequest {
    viewer: Viewer | null
  }
}

// Every API route states its minimum level, or the server refuses to start: access can never be
// forgotten. Level checks always use the session's user row, never anything the client sends.
export function accessControl(app: FastifyInstance, auth: Auth, db: Db, secret: string) {
  app.decorateRequest('viewer', null)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url === '/api/openapi.json') return
    if (route.config?.minLevel === undefined) {
      throw new Error(`${route.method} ${route.url} does not state its minimum level`)
    }
  })
  app.addHook('preHandler', async (request) => {
    const minLevel = request.routeOptions.config.minLevel
    if (minLevel === undefined) return
    request.viewer = await viewerOf(auth, db, secret, request)
    if (minLevel === 0) return
    if (!request.viewer) throw unauthorized()
    if (request.viewer.level < minLevel) throw forbidden()
  })
}

async function viewerOf(
  auth: Auth,
  db: Db,
  secret: string,
  request: FastifyRequest,
): Promise<Viewer | null> {
  const token = sessionToken(request, secret)
  if (!token) return null
  const session = await findSession(db, token)
  if (!session || session.disabled) return null
  const state = sessionState(session)
  if (state === 'expired') {
    await db.kysely.deleteFrom('session').where('token', '=', token).execute()
    return null
  }
  // Once an hour of use, better-auth checks the cookie's signature and slides the expiry on.
  if (state === 'refresh' && !(await auth.api.getSession({ headers: toHeaders(request) }))) return null
  return { id: session.userId, userName: session.userName, email: session.email, level: session.level }
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  // better-auth's rate limits key on this header; set it from the socket so clients cannot forge it.
  headers.set('x-client-ip', request.ip)
  return headers
}
