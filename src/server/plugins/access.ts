import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SESSION_ABSOLUTE_SECONDS, type Auth } from '../auth/auth.ts'
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

interface SessionUser {
  id: string
  username?: string | null
  displayUsername?: string | null
  email: string
  level?: number
  disabled?: boolean | number
}

// Every API route states its minimum level, or the server refuses to start: access can never be
// forgotten. Level checks always use the session's user row, never anything the client sends.
export function accessControl(app: FastifyInstance, auth: Auth) {
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
    request.viewer = await viewerOf(auth, request)
    if (minLevel === 0) return
    if (!request.viewer) throw unauthorized()
    if (request.viewer.level < minLevel) throw forbidden()
  })
}

async function viewerOf(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  if (!request.headers.cookie) return null
  const found = await auth.api.getSession({ headers: toHeaders(request) })
  const user = found?.user as SessionUser | undefined
  if (!found || !user || user.disabled) return null
  // However busy a session is, it ends SESSION_ABSOLUTE_SECONDS after sign-in.
  const age = Date.now() - new Date(found.session.createdAt).getTime()
  if (age > SESSION_ABSOLUTE_SECONDS * 1000) {
    await auth.api.revokeSession({ headers: toHeaders(request), body: { token: found.session.token } })
    return null
  }
  return {
    id: user.id,
    userName: user.displayUsername || user.username || '',
    email: user.email,
    level: user.level ?? 0,
  }
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
