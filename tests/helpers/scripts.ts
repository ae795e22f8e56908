import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

/** Tests that start the scripts as processes (a few seconds each on a busy machine). */
export const SCRIPTS_TIMEOUT = 180_000

/** Runs `npm run NAME -- ARGS` as its own process, as an operator would; its exit code and output. */
export function runScript(name: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    // The scripts read the server's environment; only what the test gives them counts here.
    const { DATABASE_URL: _url, AUTH_SECRET: _secret, ...inherited } = process.env
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: root,
      env: { ...inherited, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => resolve({ code, output }))
  })
}
