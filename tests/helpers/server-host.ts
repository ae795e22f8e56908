import { createHmac, randomInt } from 'node:crypto'
import { buildApp } from '#server/app'
import { SESSION_IDLE_SECONDS, sessionCookieName } from '#server/core/auth/auth'
import { loadConfig, type Config } from '#server/core/config'
import { writeTransaction } from '#server/core/db/write-transaction'
import { ensureAdministrator } from '#server/features/accounts/administrator'
import { PASSWORD } from './server-process.ts'

// The browser tests' servers, run in one process per test worker (hosted-server.ts starts it with
// `node --import tsx`, as `npm start` runs main.ts). Each test file still gets an app of its own,
// on its own port, data folder and database, started the way main.ts starts one; only the loading
// of the server's code (about 5 s of CPU) is done once per worker instead of once per file.
//
// It also signs test accounts in without the login page (which sign-in.test.ts tests): the
// account and a session are written to the database, and the session cookie is signed as
// better-auth signs it (see session-lookup.ts).

export type HostRequest =
  | { kind: 'start'; env: Record<string, string> }
  | { kind: 'stop'; port: number }
  | { kind: 'account'; port: number; userName: string; level: number; signIn: boolean }

export interface HostAnswer {
  start: { adminPassword: string }
  stop: null
  account: { name: string; value: string } | null
}

type App = Awaited<ReturnType<typeof buildApp>>
const apps = new Map<number, { app: App; config: Config }>()

async function start(env: Record<string, string>): Promise<HostAnswer['start']> {
  const config = loadConfig(env)
  const app = await buildApp({ config, logger: { level: config.logLevel } })
  try {
    const admin = await ensureAdministrator(app.db, app.auth, config)
    await app.listen({ port: config.port, host: config.host })
    apps.set(config.port, { app, config })
    return { adminPassword: admin?.password ?? '' }
  } catch (error) {
    await app.close()
    throw error
  }
}

async function stop(port: number): Promise<null> {
  const running = apps.get(port)
  apps.delete(port)
  if (!running) return null
  const closing = running.app.close()
  // The file's browser pages may still hold connections to it; a stopped server drops them.
  running.app.server.closeAllConnections()
  await closing
  return null
}

// better-auth's ids and tokens are 32 letters and digits.
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const newId = () => Array.from({ length: 32 }, () => ALPHANUMERIC[randomInt(62)]).join('')

// Every test account has the tests' one password: hashed once per worker by the app's own hasher
// (argon2, as for a real account), so that the login page accepts it too.
let passwordHash: Promise<string> | undefined

/**
 * The account as registration and approval leave it (requested level 1, given the level), made
 * unless the user name has one already; with signIn, a new session of it too, and the session
 * cookie to send.
 */
async function account(port: number, userName: string, level: number, signIn: boolean) {
  const running = apps.get(port)
  if (!running) throw new Error(`no app on port ${port}`)
  const { app, config } = running
  const context = await app.auth.$context
  passwordHash ??= context.password.hash(PASSWORD)
  const hash = await passwordHash
  const token = newId()
  await writeTransaction(app.db, async (tx) => {
    const now = new Date()
    const stamp = now.toISOString()
    const known = await tx
      .selectFrom('user')
      .select('id')
      .where('username', '=', userName)
      .executeTakeFirst()
    const userId = known?.id ?? newId()
    if (!known) {
      await tx
        .insertInto('user')
        .values({
          ...{ id: userId, name: userName, email: `${userName}@example.org`, emailVerified: 0 },
          ...{ image: null, createdAt: stamp, updatedAt: stamp },
          ...{ username: userName, displayUsername: userName, level, requestedLevel: 1 },
          ...{ authProvider: 'local', disabled: 0, mustChangePassword: 0 },
        })
        .execute()
      // better-auth's credential account: accountId and createdAt are columns schema.ts leaves out.
      const credential = { accountId: userId, createdAt: stamp }
      await tx
        .insertInto('account')
        .values({
          id: newId(),
          userId,
          providerId: 'credential',
          password: hash,
          updatedAt: stamp,
          ...credential,
        })
        .execute()
    }
    if (!signIn) return
    const expiresAt = new Date(now.getTime() + SESSION_IDLE_SECONDS * 1000).toISOString()
    await tx
      .insertInto('session')
      .values({ id: newId(), userId, token, expiresAt, createdAt: stamp, updatedAt: stamp })
      .execute()
  })
  if (!signIn) return null
  const signature = createHmac('sha256', context.secret).update(token).digest('base64')
  return {
    name: sessionCookieName(config.publicUrl),
    value: encodeURIComponent(`${token}.${signature}`),
  }
}

async function answer(request: HostRequest) {
  switch (request.kind) {
    case 'start':
      return start(request.env)
    case 'stop':
      return stop(request.port)
    case 'account':
      return account(request.port, request.userName, request.level, request.signIn)
  }
}

process.on('message', (message: { id: number; request: HostRequest }) => {
  answer(message.request).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) =>
      process.send!({
        id: message.id,
        error: error instanceof Error ? error.stack : String(error),
      }),
  )
})

// The worker that started this process has gone (finished or killed): close the apps and go too.
process.on('disconnect', () => {
  void Promise.allSettled([...apps.keys()].map(stop)).finally(() => process.exit(0))
})
process.send!({ id: 0, result: 'ready' })
