import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '#server/core/app-type'
import { z } from 'zod'
import type { Auth } from '#server/core/auth/auth'
import {
  clearFailures,
  lockedOutFor,
  recordFailure,
  signInFailureAgeing,
  type Attempt,
} from '#server/core/auth/sign-in-guard'
import type { Db } from '#server/core/db/database'
import { accountMessages } from '#shared/messages/accounts'
import { actorOf, authHeaders } from '#server/core/viewer'
import { tooManyAttempts } from '#server/core/errors'
import { sendProblem } from '#server/core/http/problem-details'
import { accountChange, logEvent } from '#server/core/logged-change'
import { LEVELS } from '#shared/domain/levels'

// The only better-auth endpoints anyone can reach, each at its own fixed path. Everything else
// better-auth offers (sign-up, update-user, change-password...) answers 404: sign-up goes through
// /api/register and password changes through /api/account, so our own rules always apply.
export const AUTH_ENDPOINTS = {
  signIn: '/api/auth/sign-in/username',
  signOut: '/api/auth/sign-out',
  revokeSessions: '/api/auth/revoke-sessions',
  getSession: '/api/auth/get-session',
} as const

type AuthPath = (typeof AUTH_ENDPOINTS)[keyof typeof AUTH_ENDPOINTS]

/** better-auth's answer to a request built from the configured public address and a fixed path. */
function callAuth(auth: Auth, origin: string, path: AuthPath, request: FastifyRequest) {
  const headers = authHeaders(request)
  const hasBody = request.method !== 'GET' && request.body !== undefined
  if (hasBody) headers.set('content-type', 'application/json')
  return auth.handler(
    new Request(new URL(path, origin), {
      method: request.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    }),
  )
}

async function relay(reply: FastifyReply, response: Response) {
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie)
  const text = await response.text()
  if (response.status === 429)
    throw tooManyAttempts(Number(response.headers.get('x-retry-after')) || 60)
  if (response.status >= 400) {
    return sendProblem(reply, response.status, safeMessage(text) ?? response.statusText)
  }
  reply.status(response.status).type('application/json')
  return text || 'null'
}

function safeMessage(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { message?: unknown }
    return typeof parsed.message === 'string' ? parsed.message : undefined
  } catch {
    return undefined
  }
}

export const signInBody = z.object({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(1000),
  rememberMe: z.boolean().optional(),
})

function signInEvent(db: Db, methodName: string, attempt: Attempt, error: unknown = null) {
  const change = { methodName, eventCollection: 'users', docId: attempt.userName, ...attempt }
  return logEvent(db, change, null, error)
}

export async function signInFeature(app: App) {
  const { auth, db } = app
  app.hooks.ageing.push({ kind: 'signInFailures', ageing: signInFailureAgeing })
  const origin = new URL(app.config.publicUrl).origin
  const open = { config: { minLevel: LEVELS.guest, duringPasswordChange: true } }

  app.post(
    AUTH_ENDPOINTS.signIn,
    { ...open, schema: { body: signInBody, tags: ['auth'] } },
    async (request, reply) => {
      const attempt = {
        userName: request.body.username.trim().toLowerCase(),
        clientAddress: request.ip,
      }
      const wait = await lockedOutFor(db, attempt)
      if (wait > 0) throw tooManyAttempts(wait)
      const response = await callAuth(auth, origin, AUTH_ENDPOINTS.signIn, request)
      // Counted and logged before anything is sent: a client never hears of a failure that is
      // not counted yet.
      if (response.status === 200) {
        await clearFailures(db, attempt)
        await signInEvent(db, 'signIn', attempt)
      } else if (response.status === 401) {
        const lockedOut = await recordFailure(db, attempt)
        await signInEvent(db, 'signInFailed', attempt, {
          status: 401,
          message: accountMessages.loginFailed,
        })
        if (lockedOut) await signInEvent(db, 'signInLockedOut', attempt)
      } else if (response.status === 429) {
        await signInEvent(db, 'signInRateLimited', attempt, { status: 429 })
      }
      return relay(reply, response)
    },
  )

  const sessionEnding = [
    [AUTH_ENDPOINTS.signOut, 'signOut'],
    [AUTH_ENDPOINTS.revokeSessions, 'signOutEverywhere'],
  ] as const
  for (const [path, methodName] of sessionEnding) {
    app.post(path, { ...open, schema: { tags: ['auth'] } }, async (request, reply) => {
      const response = await callAuth(auth, origin, path, request)
      if (request.viewer && response.ok) {
        await logEvent(db, accountChange(methodName, request.viewer.id, actorOf(request)))
      }
      return relay(reply, response)
    })
  }

  app.get(
    AUTH_ENDPOINTS.getSession,
    { ...open, schema: { tags: ['auth'] } },
    async (request, reply) =>
      relay(reply, await callAuth(auth, origin, AUTH_ENDPOINTS.getSession, request)),
  )
}
