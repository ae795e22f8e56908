import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Auth } from '#server/core/auth/auth'
import {
  findSession,
  sessionState,
  sessionToken,
  type SessionCookie,
} from '#server/core/auth/session-lookup'
import type { Db } from '#server/core/db/database'
import { accountMessages } from '#shared/messages/accounts'
import type { Viewer as ViewerAnswer } from '#shared/schemas/account'
import { forbidden, notFound, unauthorized } from '#server/core/errors'
import { myAllotmentMessages } from '#shared/messages/my-allotment'

/** The signed-in user as the server knows them: what /api/me tells (shared), plus the ids. */
export interface Viewer extends ViewerAnswer {
  id: string
  /** The session this request came with (to end the user's other sessions). */
  sessionToken: string
  /** The person the account belongs to: the one whose records /api/me/… read and change. */
  personId: string | null
  /** When that person's record was removed, ending the link (the member is told so). */
  personRemovedAt: string | null
}

/**
 * The id of the person the signed-in member is: the only person /api/me/… reads or changes. 404
 * with the reason when the account has none (never linked, or the record was removed).
 */
export function ownPersonId(viewer: Viewer): string {
  if (viewer.personId) return viewer.personId
  throw notFound(
    viewer.personRemovedAt
      ? myAllotmentMessages.recordRemoved(viewer.personRemovedAt)
      : myAllotmentMessages.notLinked,
  )
}

/** Who is acting, and from where: every change to an account is a security event. */
export interface Actor {
  viewer: Viewer
  clientAddress: string
}

/**
 * The signed-in caller of a route above level 0, and their address: the socket's, or the one a
 * trusted proxy names (TRUSTED_PROXIES).
 */
export const actorOf = (request: FastifyRequest): Actor => ({
  viewer: request.viewer!,
  clientAddress: request.ip,
})

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Lowest level that may call the route: 0 for anyone, even without a session. */
    minLevel?: number
    /** At level 0, still only with a session: the caller's own account at every level. */
    needsSession?: boolean
    /** The route returns or changes people's personal data (address, phone, email). */
    personalData?: boolean
    /** Open to a user whose one-time password must be replaced first (sign-out, the change). */
    duringPasswordChange?: boolean
  }
  interface FastifyRequest {
    viewer: Viewer | null
  }
}

// Every API route states its minimum level, or the server refuses to start: access can never be
// forgotten. Level checks always use the session's user row, never anything the client sends.
export function accessControl(app: FastifyInstance, auth: Auth, db: Db, cookie: SessionCookie) {
  app.decorateRequest('viewer', null)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url === '/api/openapi.json') return
    if (route.config?.minLevel === undefined) {
      throw new Error(`${route.method} ${route.url} does not state its minimum level`)
    }
  })
  // onRequest, before the body is even read: an anonymous write is refused before any schema
  // validation could tell the caller anything.
  app.addHook('onRequest', async (request, reply) => {
    const { minLevel, needsSession, duringPasswordChange } = request.routeOptions.config
    if (minLevel === undefined) return
    const viewer = await viewerOf(auth, db, cookie, request)
    request.viewer = viewer
    // Answers to a signed-in caller may carry personal data: no cache keeps them. The cached
    // lists set their own revalidation header (docs/decisions/0009).
    if (viewer) reply.header('cache-control', 'no-store')
    if (minLevel === 0 && !needsSession) return
    if (!viewer) throw unauthorized()
    if (viewer.mustChangePassword && !duringPasswordChange)
      throw forbidden(accountMessages.mustChangePassword)
    if (viewer.level < minLevel) throw forbidden()
  })
}

async function viewerOf(
  auth: Auth,
  db: Db,
  cookie: SessionCookie,
  request: FastifyRequest,
): Promise<Viewer | null> {
  const token = sessionToken(request, cookie)
  if (!token) return null
  const session = await findSession(db, token)
  if (!session || session.disabled) return null
  const state = sessionState(session)
  if (state === 'expired') {
    await db.kysely.deleteFrom('session').where('token', '=', token).execute()
    return null
  }
  // Once an hour of use, better-auth checks the cookie's signature and slides the expiry on.
  if (state === 'refresh' && !(await auth.api.getSession({ headers: authHeaders(request) })))
    return null
  const { userId: id, userName, email, level, mustChangePassword } = session
  const { personId, personRemovedAt, sites } = session
  return {
    sites,
    id,
    userName,
    email,
    level,
    mustChangePassword,
    sessionToken: token,
    personId,
    personRemovedAt,
    hasRecord: personId !== null,
  }
}

// What better-auth reads of a request: the session cookie, the page's origin (already checked
// against the configured ones) and the user agent it keeps with a session. Host and the
// X-Forwarded-* headers never reach it.
const PASSED_HEADERS = ['cookie', 'origin', 'user-agent'] as const

export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const name of PASSED_HEADERS) {
    const value = request.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  // better-auth's rate limits and session records take the address from this header: set here
  // from request.ip, whatever a client sent under that name.
  headers.set('x-client-ip', request.ip)
  return headers
}
