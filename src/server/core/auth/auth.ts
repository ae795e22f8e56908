import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { username } from 'better-auth/plugins'
import { contextOnlyWhileCalled } from '#server/core/auth/auth-context'
import { getMigrations } from 'better-auth/db/migration'
import { hash, verify } from '@node-rs/argon2'
import { USER_NAME_PATTERN } from '#shared/schemas/text-fields'
import type { Db } from '#server/core/db/database'

export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 3
export const SESSION_ABSOLUTE_SECONDS = 60 * 60 * 24 * 30
export const SESSION_REFRESH_SECONDS = 60 * 60

export interface AuthOptions {
  db: Db
  secret: string
  baseURL: string
  /** Origins whose pages may call the auth endpoints (the configured public address). */
  origins: readonly string[]
  /** Failed and successful sign-ins allowed per client and window. */
  signInLimit?: { window: number; max: number }
}

// Over https better-auth names its cookies `__Secure-…`, which a browser takes only from a secure
// page: a cookie planted over plain http (or by a neighbouring subdomain) cannot pass for it.
export const secureCookies = (baseURL: string) => baseURL.startsWith('https:')

/** The session cookie's name in force for the public address (better-auth's default prefix). */
export const sessionCookieName = (baseURL: string) =>
  `${secureCookies(baseURL) ? '__Secure-' : ''}better-auth.session_token`

// Algorithm 2 is Argon2id (the package's enum is a const enum that isolated modules cannot read).
const argon2id = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

function authConfig({ db, secret, baseURL, origins, signInLimit }: AuthOptions) {
  return {
    appName: 'Allotment Association',
    baseURL,
    secret,
    database: { db: db.kysely, type: db.dialect },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: {
        hash: (password: string) => hash(password, argon2id),
        verify: ({ hash: stored, password }: { hash: string; password: string }) =>
          verify(stored, password),
      },
    },
    user: {
      additionalFields: {
        level: { type: 'number' as const, input: false, defaultValue: 0 },
        requestedLevel: { type: 'number' as const, input: true, defaultValue: 0 },
        authProvider: { type: 'string' as const, input: false, defaultValue: 'local' },
        disabled: { type: 'boolean' as const, input: false, defaultValue: false },
        mustChangePassword: { type: 'boolean' as const, input: false, defaultValue: false },
        // Issue 29: the person the account belongs to (a person has at most one account), and
        // when that person's record was removed, ending the link. better-auth's migration adds
        // the columns, and the unique index, to a database made before them.
        personId: {
          type: 'string' as const,
          input: false,
          required: false,
          unique: true,
          returned: false,
        },
        personRemovedAt: {
          type: 'string' as const,
          input: false,
          required: false,
          returned: false,
        },
        // Issue 46: the sites an account is limited to, their ids comma-separated ("2,5"); null
        // or '' for every site. Read with the session (core/site-scope.ts).
        sites: {
          type: 'string' as const,
          input: false,
          required: false,
          returned: false,
        },
      },
    },
    session: {
      // Idle timeout: a session unused for IDLE_SECONDS lapses; each use (at most hourly)
      // pushes its expiry on. The absolute limit is enforced by the session check (session-lookup.ts).
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled account cannot start a session, whatever its password.
          before: async (session: { userId: string }) => {
            const user = await db.kysely
              .selectFrom('user')
              .select('disabled')
              .where('id', '=', session.userId)
              .executeTakeFirst()
            return user && !user.disabled ? undefined : false
          },
        },
      },
    },
    plugins: [
      username({
        minUsernameLength: 1,
        maxUsernameLength: 40,
        usernameValidator: (name: string) => USER_NAME_PATTERN.test(name),
      }),
    ],
    rateLimit: {
      enabled: true,
      storage: 'database' as const,
      window: 60,
      max: 300,
      customRules: { '/sign-in/username': signInLimit ?? { window: 60, max: 10 } },
    },
    // The configured public address only, never an origin worked out from a request.
    trustedOrigins: [...origins],
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
      useSecureCookies: secureCookies(baseURL),
    },
    telemetry: { enabled: false },
  } satisfies BetterAuthOptions
}

export function createAuth(options: AuthOptions) {
  return contextOnlyWhileCalled(betterAuth(authConfig(options)))
}

export type Auth = ReturnType<typeof createAuth>

export async function migrateAuthTables(options: AuthOptions): Promise<void> {
  const { runMigrations } = await getMigrations(authConfig(options))
  await runMigrations()
}
