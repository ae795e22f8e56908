import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, serverEnv, type StartOptions } from './server-process.ts'
import type { HostAnswer, HostRequest } from './server-host.ts'

/** A browser test's server: an app of its own in this worker's server host (server-host.ts). */
export interface HostedServer {
  url: string
  port: number
  dataDir: string
  /** The administrator's one-time password, printed by main.ts on a first start. */
  adminPassword: string
  /** Makes the account at the level, with the tests' password, unless the user name has one. */
  account(userName: string, level: number): Promise<void>
  /** A new session of the account (made as by account() if new): the session cookie to send. */
  signIn(userName: string, level: number): Promise<{ name: string; value: string }>
  stop(): Promise<void>
}

const root = path.resolve(import.meta.dirname, '../..')

interface Host {
  child: ChildProcess
  ask<K extends HostRequest['kind']>(
    request: Extract<HostRequest, { kind: K }>,
  ): Promise<HostAnswer[K]>
}

// One host per worker process, started on first use and gone with the worker (it exits when its
// channel to this process closes).
let host: Promise<Host> | undefined

function startHost(): Promise<Host> {
  const child = fork(path.join(root, 'tests/helpers/server-host.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let next = 1
  return new Promise((resolve, reject) => {
    child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      if (message.id === 0) return resolve({ child, ask })
      const reply = waiting.get(message.id)
      waiting.delete(message.id)
      if (message.error === undefined) reply?.resolve(message.result)
      else reply?.reject(new Error(`${message.error}\n${output}`))
    })
    child.on('exit', (code, signal) => {
      host = undefined
      const gone = new Error(`the server host exited (${signal ?? code}):\n${output}`)
      reject(gone)
      for (const reply of waiting.values()) reply.reject(gone)
    })
    // Not left behind by a worker that ends without closing its channel.
    child.unref()
    ;(child.channel as { unref?(): void } | undefined)?.unref?.()
  })

  function ask<K extends HostRequest['kind']>(request: Extract<HostRequest, { kind: K }>) {
    const id = next++
    return new Promise<HostAnswer[K]>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      child.send({ id, request })
    })
  }
}

/**
 * Starts a fresh app, as main.ts would with this environment, on a free port with its own data
 * folder (or the one given, to restart on the same database).
 */
export async function startHostedServer(options: StartOptions = {}): Promise<HostedServer> {
  const running = await (host ??= startHost())
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-e2e-'))
  const port = await freePort()
  // Each app has a SQLite file of its own unless the test names a database.
  const env = serverEnv(port, dataDir, { DATABASE_URL: '', ...options.env })
  const { adminPassword } = await running.ask({ kind: 'start', env })
  let stopped: Promise<null> | undefined
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    adminPassword,
    account: async (userName, level) =>
      void (await running.ask({ kind: 'account', port, userName, level, signIn: false })),
    signIn: async (userName, level) =>
      (await running.ask({ kind: 'account', port, userName, level, signIn: true }))!,
    stop: async () => void (await (stopped ??= running.ask({ kind: 'stop', port }))),
  }
}
