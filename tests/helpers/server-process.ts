import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface TestServer {
  url: string
  port: number
  dataDir: string
  adminPassword: string
  process: ChildProcess
  output(): string
  stop(signal?: NodeJS.Signals): Promise<void>
}

export interface StartOptions {
  env?: Record<string, string>
  /** Reuse a data folder (to restart on the same database); a fresh one otherwise. */
  dataDir?: string
  /** Options for node itself, before the server's code (--cpu-prof: NODE_OPTIONS refuses it). */
  nodeOptions?: string[]
}

export interface ProcessOptions extends StartOptions {
  /** The code to run: this checkout's, or another release's (the upgrade test). */
  root?: string
}

// Every test client is 127.0.0.1, so the per-client limits are lifted; a test sets them to check them.
export const UNLIMITED = {
  SIGN_IN_LIMIT: '100000',
  REGISTER_LIMIT: '100000',
  CONTACT_LIMIT: '100000',
  PASSWORD_RESET_LIMIT: '100000',
}

// A test that moves the clock on days would otherwise meet the nightly backup on its way: only
// the backup's own tests turn it on.
export const NO_NIGHTLY_BACKUP = { BACKUP_TIME: 'off' }

const root = path.resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** A test server's environment: this one's, on loopback at the port, with the data folder. */
export function serverEnv(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    EMAIL_RETRY_SECONDS: '3600',
    ...UNLIMITED,
    ...NO_NIGHTLY_BACKUP,
    ...env,
  }
}

// The real server, as `npm start` runs it, on a free port with its own data folder.
export async function startServer(options: ProcessOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-e2e-'))
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [...(options.nodeOptions ?? []), '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: options.root ?? root,
      env: serverEnv(port, dataDir, options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  await waitUntilServing(url, child, () => output)
  const adminPassword = /Password:\s+(\S+)/.exec(output)?.[1] ?? ''
  return {
    url,
    port,
    dataDir,
    adminPassword,
    process: child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`)
    try {
      const response = await fetch(`${url}/api/site`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start within a minute:\n${output()}`)
}

/** The password scripts and tests use for every account they make, the administrator's included. */
export const PASSWORD = 'correct-horse-battery'

// The administrator printed on first start has a one-time password that must be replaced before
// anything else: do what a person does, once per data folder, and return the new password.
export async function claimAdministrator(
  server: Pick<TestServer, 'url' | 'adminPassword'>,
  userName = 'admin',
): Promise<string> {
  const signIn = await fetch(`${server.url}/api/auth/sign-in/username`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: userName, password: server.adminPassword }),
  })
  if (!signIn.ok) throw new Error(`administrator sign-in failed: ${await signIn.text()}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const changed = await fetch(`${server.url}/api/account/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ currentPassword: server.adminPassword, newPassword: PASSWORD }),
  })
  if (!changed.ok) throw new Error(`administrator password change failed: ${await changed.text()}`)
  return PASSWORD
}
