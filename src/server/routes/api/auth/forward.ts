import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../../app-type.ts'
import { z } from 'zod'
import type { Auth } from '../../../auth/auth.ts'
import { clearFailures, isLockedOut, recordFailure } from '../../../auth/sign-in-guard.ts'
import type { Db } from '../../../db/database.ts'
import { messages } from '#shared/messages'
import { toHeaders } from '../../../plugins/access.ts'
import { sendProblem } from '../../../plugins/problem-details.ts'

// Only the few better-auth endpoints the app uses are reachable; sign-up goes through
// /api/register so that our own rules (requested level, approval) always apply.
async function forward(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  settle?: (status: number) => Promise<void>,
) {
  const url = `${request.protocol}://${request.host}${request.url}`
  const headers = toHeaders(request)
  const hasBody = request.method !== 'GET' && request.body !== undefined
  if (hasBody) headers.set('content-type', 'application/json')
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    }),
  )
  // Before anything is sent: a client never hears of a failure that is not counted yet.
  await settle?.(response.status)
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie)
  const text = await response.text()
  if (response.status >= 400) {
    const message = safeMessage(text) ?? response.statusText
    return sendProblem(reply, response.status, message)
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

const signInBody = z.object({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(1000),
  rememberMe: z.boolean().optional(),
})

export function authRoutes(app: App, auth: Auth, db: Db) {
  app.post(
    '/api/auth/sign-in/username',
    { config: { minLevel: 0 }, schema: { body: signInBody, tags: ['auth'] } },
    async (request, reply) => {
      const userName = request.body.username.trim().toLowerCase()
      if (await isLockedOut(db, userName)) {
        return sendProblem(reply, 429, messages.tooManyFailedSignIns)
      }
      return forward(auth, request, reply, async (status) => {
        if (status === 401) await recordFailure(db, userName)
        if (status === 200) await clearFailures(db, userName)
      })
    },
  )
  // Sign out everywhere: ends every session of the signed-in account, on every device.
  app.post(
    '/api/auth/revoke-sessions',
    { config: { minLevel: 0 }, schema: { tags: ['auth'] } },
    (request, reply) => forward(auth, request, reply),
  )
  app.post(
    '/api/auth/sign-out',
    { config: { minLevel: 0 }, schema: { tags: ['auth'] } },
    (request, reply) => forward(auth, request, reply),
  )
  app.get(
    '/api/auth/get-session',
    { config: { minLevel: 0 }, schema: { tags: ['auth'] } },
    (request, reply) => forward(auth, request, reply),
  )
}
