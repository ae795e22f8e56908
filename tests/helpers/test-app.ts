import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/core/config'
import { openDatabase } from '#server/core/db/database'
import { withPg } from './postgres.ts'
import { NO_NIGHTLY_BACKUP, PASSWORD, UNLIMITED } from './server-process.ts'

export { PASSWORD }

export type Engine = 'sqlite' | 'postgres'

/** The engines API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export interface TestAppOptions {
  env?: Record<string, string>
}

// A real app on a real database: a fresh SQLite file in a temporary folder, or a fresh schema in
// the PostgreSQL named by TEST_DATABASE_URL. Each call owns its data and removes it on close.
export async function createTestApp(engine: Engine, options: TestAppOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-test-'))
  const databaseUrl = engine === 'postgres' ? requirePostgresUrl() : undefined
  const pgSchema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined
  if (databaseUrl && pgSchema)
    await withPg(databaseUrl, (c) => c.query(`create schema ${pgSchema}`))
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    EMAIL_RETRY_SECONDS: '3600',
    ...UNLIMITED,
    ...NO_NIGHTLY_BACKUP,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  })
  const app = await buildApp({ config, ...(pgSchema ? { pgSchema } : {}) })
  await app.ready()

  const signIn = (username: string, password = PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/username',
      payload: { username, password },
    })

  const users = new Map<string, string>()
  /** Creates (once) an account at the level and returns a cookie header signed in as it. */
  async function signInAs(level: number, name = `level${level}`): Promise<string> {
    if (!users.has(name)) {
      await createAccount(name, level)
      users.set(name, name)
    }
    const response = await signIn(name)
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`)
    return sessionCookie(response)
  }

  async function createAccount(name: string, level: number) {
    const created = await app.auth.api.signUpEmail({
      body: {
        name,
        email: `${name}@example.org`,
        password: PASSWORD,
        username: name,
        requestedLevel: level,
      },
    })
    await app.db.kysely
      .updateTable('user')
      .set({ level })
      .where('id', '=', created.user.id)
      .execute()
    return created.user.id
  }

  async function close() {
    await app.close()
    if (databaseUrl && pgSchema) {
      await withPg(databaseUrl, (c) => c.query(`drop schema ${pgSchema} cascade`))
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  /** The server's clock moved to noon (UTC) of a day, running on from there, as TODAY moves it. */
  function moveClockTo(date: string) {
    const offset = Date.parse(`${date}T12:00:00Z`) - Date.now()
    app.config.clock = () => new Date(Date.now() + offset)
  }

  /** Runs `work` with the clock moved `ms` on from now (a link's expiry), then puts it back. */
  async function withClockMovedOn<T>(ms: number, work: () => Promise<T>): Promise<T> {
    const realClock = app.config.clock
    const later = Date.now() + ms
    app.config.clock = () => new Date(later)
    try {
      return await work()
    } finally {
      app.config.clock = realClock
    }
  }

  /** Another connection to the same database, as a second instance would have; close it. */
  const anotherConnection = () =>
    openDatabase({ databaseUrl, dataDir, ...(pgSchema ? { pgSchema } : {}) })

  /** A second instance of the server on the same database, with its own job runner; close it. */
  async function anotherInstance() {
    const second = await buildApp({ config: { ...config }, ...(pgSchema ? { pgSchema } : {}) })
    await second.ready()
    return second
  }

  return {
    app,
    db: app.db,
    dataDir,
    signIn,
    signInAs,
    createAccount,
    moveClockTo,
    withClockMovedOn,
    anotherConnection,
    anotherInstance,
    close,
  }
}

/** The Cookie header that carries the session a successful sign-in answer set. */
export function sessionCookie(response: { cookies: Array<{ name: string; value: string }> }) {
  const cookie = response.cookies.find((c) => c.name.endsWith('session_token'))
  if (!cookie) throw new Error('no session cookie')
  return `${cookie.name}=${cookie.value}`
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

function requirePostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  return url
}
