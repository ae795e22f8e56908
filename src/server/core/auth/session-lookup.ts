import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Db } from '#server/core/db/database'
import { reusableQuery } from '#server/core/db/reusable-query'
import { addressOf } from '#server/core/auth/account-address'
import { readSiteLimit } from '#server/core/site-scope'
import {
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  SESSION_REFRESH_SECONDS,
  sessionCookieName,
} from '#server/core/auth/auth'

export interface SessionRow {
  token: string
  userId: string
  expiresAt: Date
  createdAt: Date
  userName: string
  email: string
  level: number
  disabled: boolean
  mustChangePassword: boolean
  personId: string | null
  personRemovedAt: string | null
  /** The sites the account is limited to; null for every site. */
  sites: number[] | null
}

/** How this app's session cookie is found and checked. */
export interface SessionCookie {
  secret: string
  pattern: RegExp
}

// Only the name in force is read: with an https public address the `__Secure-` one and never the
// plain one, which anyone able to set a cookie for the host could plant.
export function sessionCookie(baseURL: string, secret: string): SessionCookie {
  // The name's only character special in a pattern is the dot.
  const name = sessionCookieName(baseURL).replaceAll('.', '\\.')
  return { secret, pattern: new RegExp(`(?:^|;\\s*)${name}=([^;]+)`) }
}

// The cookie holds `token.signature`, the signature being better-auth's HMAC-SHA256 of the token
// with the app's secret (base64). Checked here with node:crypto, so that a session costs one
// indexed query instead of better-auth's full session machinery on every request.
export function sessionToken(request: FastifyRequest, cookie: SessionCookie): string | undefined {
  const match = cookie.pattern.exec(request.headers.cookie ?? '')
  if (!match) return undefined
  return verifiedToken(match[1]!, cookie.secret)
}

// A cookie's signature never changes, so one checked already need not be checked again: the HMAC
// was a tenth of a signed-in read's server time. Only cookies that passed are kept, and at most
// MAX_VERIFIED of them (then the memory starts afresh), so junk cookies cannot grow it. Whether
// the session is still valid is asked of the database on every request all the same.
const MAX_VERIFIED = 10_000
const verified = new Map<string, string>()

function verifiedToken(cookie: string, secret: string): string | undefined {
  // Keyed with the secret too: tests run apps with different secrets in one process.
  const key = `${secret}\u0000${cookie}`
  const known = verified.get(key)
  if (known !== undefined) return known
  const token = checkSignature(cookie, secret)
  if (token === undefined) return undefined
  if (verified.size >= MAX_VERIFIED) verified.clear()
  verified.set(key, token)
  return token
}

function checkSignature(cookie: string, secret: string): string | undefined {
  let value: string
  try {
    value = decodeURIComponent(cookie)
  } catch {
    return undefined
  }
  const dot = value.lastIndexOf('.')
  if (dot <= 0) return undefined
  const token = value.slice(0, dot)
  const given = Buffer.from(value.slice(dot + 1))
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'))
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined
}

// One indexed query per request: the session and its user, read fresh, so a changed level or a
// disabled account takes effect on the very next request, on every instance.
const sessionQuery = reusableQuery((kysely, token: string) =>
  kysely
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.token',
      'session.userId',
      'session.expiresAt',
      'session.createdAt',
      'user.username',
      'user.email',
      'user.level',
      'user.disabled',
      'user.mustChangePassword',
      'user.personId',
      'user.personRemovedAt',
      'user.sites',
    ])
    .where('session.token', '=', token),
)

export async function findSession(db: Db, token: string): Promise<SessionRow | undefined> {
  const [row] = await sessionQuery(db.kysely, token)
  if (!row) return undefined
  return {
    token: row.token,
    userId: row.userId,
    expiresAt: new Date(row.expiresAt),
    createdAt: new Date(row.createdAt),
    // The user name is fixed at creation; better-auth's editable display name is never used.
    userName: row.username ?? '',
    email: addressOf(row.email),
    level: row.level,
    disabled: Boolean(row.disabled),
    mustChangePassword: Boolean(row.mustChangePassword),
    personId: row.personId,
    personRemovedAt: row.personRemovedAt,
    sites: readSiteLimit(row.sites),
  }
}

export type SessionState = 'valid' | 'expired' | 'refresh'

/** Idle and absolute limits, and whether the sliding expiry is due to be pushed on. */
export function sessionState(session: SessionRow, now = Date.now()): SessionState {
  if (session.expiresAt.getTime() <= now) return 'expired'
  if (now - session.createdAt.getTime() > SESSION_ABSOLUTE_SECONDS * 1000) return 'expired'
  const lastRefresh = session.expiresAt.getTime() - SESSION_IDLE_SECONDS * 1000
  return now - lastRefresh > SESSION_REFRESH_SECONDS * 1000 ? 'refresh' : 'valid'
}
