import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createScratchDatabase } from '../../tests/helpers/postgres.ts'
import { startServer, type TestServer } from '../../tests/helpers/server-process.ts'

// Shared by the browser benchmarks (bench:ui, bench:lighthouse): the built app on the real server
// process, with a data set seeded into a temporary DATA_DIR that is removed afterwards.

export const root = path.resolve(import.meta.dirname, '../..')

export const DEMO_ADMIN = { username: 'demo-admin', password: 'demo-password' }

export function run(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    })
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    )
  })
}

// Other work may have built already; building again would cost a minute of a busy machine.
export async function buildIfMissing() {
  const built = path.join(root, 'dist/client/index.html')
  if (!fs.existsSync(built)) {
    console.log('dist/client is missing: npm run build')
    return run('npm', ['run', 'build'])
  }
  // Not rebuilt here, but a figure for an old build must not pass for one of today's code.
  const inputs = ['src/client', 'src/shared'].flatMap((dir) =>
    fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true }),
  )
  const newest = Math.max(
    ...inputs
      .filter((f) => f.isFile())
      .map((f) => fs.statSync(path.join(f.parentPath, f.name)).mtimeMs),
  )
  if (newest > fs.statSync(built).mtimeMs)
    console.warn('warning: the client changed after the last build; `npm run build` first')
}

export interface SeededServer {
  server: TestServer
  stop(): Promise<void>
}

/** Seeds with `scripts/<seedScript> <seedArgs>` into a fresh DATA_DIR, then starts the server. */
export async function startSeededServer(
  seedScript: string,
  env: Record<string, string> = {},
  seedArgs: string[] = [],
): Promise<SeededServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-bench-browser-'))
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true })
  try {
    const started = Date.now()
    // The seed fills the database the server is given (PostgreSQL's, or the folder's SQLite file).
    await run(process.execPath, ['--import', 'tsx', `scripts/${seedScript}`, ...seedArgs], {
      DATA_DIR: dataDir,
      ...('DATABASE_URL' in env ? { DATABASE_URL: env.DATABASE_URL! } : {}),
    })
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const server = await startServer({ dataDir, env: { LOG_LEVEL: 'silent', ...env } })
    return {
      server,
      stop: async () => {
        await server.stop()
        remove()
      },
    }
  } catch (error) {
    remove()
    throw error
  }
}

/** The work's answer, and how long it took in milliseconds. */
export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const result = await work()
  return [result, performance.now() - started]
}

/**
 * A signed-in caller of the server's API (demo-admin): a GET with no body, a JSON POST with one.
 * Its `cookie` is the session's, for a request of another kind (an upload).
 */
export async function apiClient(server: TestServer) {
  const cookie = await signInCookie(server.url)
  const headers = { cookie, 'content-type': 'application/json', origin: server.url }
  const call = (path: string, body?: object) =>
    fetch(
      `${server.url}${path}`,
      body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers: { cookie } },
    )
  return Object.assign(call, { cookie })
}

/** The session cookie of a demo account (demo-admin unless named), as a Cookie header value. */
export async function signInCookie(url: string, account = DEMO_ADMIN): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/username`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** A process's memory in MB, as Linux counts it: its resident size now, or its peak (VmHWM). */
export const memoryMb = (pid: number, field: 'VmHWM' | 'VmRSS') =>
  Number(
    new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1],
  ) / 1024

// The machine is shared with other test runs; the figures only mean something next to this.
export function loadAverage() {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2))
  return `load average ${one}, ${five}, ${fifteen} on ${os.cpus().length} cores`
}

export const median = (values: number[]) => percentile(values, 50)

/** Nearest-rank percentile; NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  if (p === 50 && sorted.length % 2 === 0) {
    const mid = sorted.length / 2
    return (sorted[mid - 1]! + sorted[mid]!) / 2
  }
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/**
 * Runs a benchmark on SQLite, then (with TEST_DATABASE_URL) on a scratch PostgreSQL database
 * that is dropped afterwards. `bench` gets the engine's name and the server's DATABASE_URL.
 */
export async function onEachEngine(
  scratchName: string,
  bench: (engine: string, env: { DATABASE_URL: string }) => Promise<void>,
) {
  await bench('SQLite', { DATABASE_URL: '' })
  const postgres = process.env.TEST_DATABASE_URL
  if (!postgres) return
  const database = await createScratchDatabase(postgres, scratchName)
  try {
    await bench('PostgreSQL', { DATABASE_URL: database.url })
  } finally {
    await database.drop()
  }
}
