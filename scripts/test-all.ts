import { spawn } from 'node:child_process'

// `npm test` after the build: two lines of suites side by side, since two cores carry one of each.
// One line is the unit, build and API tests (they share one PostgreSQL), then the crash test on
// the core they leave while the browser tests go on; the other is the browser tests (one screen
// budget: their files run one after another). Each line of output is prefixed with its suite; the
// exit code is the first failure's. Arguments narrow vitest to some files, and then the crash
// test, which runs whole, is left out.

interface Suite {
  name: string
  command: string
  args: string[]
}

const narrowed = process.argv.slice(2)
const vitest = (name: string, ...projects: string[]): Suite => ({
  name,
  command: 'npx',
  args: ['vitest', 'run', ...projects.flatMap((project) => ['--project', project]), ...narrowed],
})
const crash: Suite = {
  name: 'crash',
  command: 'node',
  args: ['--import', 'tsx', 'scripts/crash-test.ts'],
}

const lines: Suite[][] = [
  [vitest('api', 'unit', 'build', 'api'), ...(narrowed.length === 0 ? [crash] : [])],
  [vitest('e2e', 'e2e')],
]

function run({ name, command, args }: Suite): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const prefix = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let rest = ''
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) out.write(`[${name}] ${line}\n`)
      })
      stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`))
    }
    prefix(child.stdout, process.stdout)
    prefix(child.stderr, process.stderr)
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const outcomes = new Map<string, string>()

/** Runs a line's suites in turn; after a failure the rest of the line is not run. */
async function runLine(line: Suite[]): Promise<number> {
  for (const [i, suite] of line.entries()) {
    const started = Date.now()
    const code = await run(suite)
    const seconds = ((Date.now() - started) / 1000).toFixed(0)
    outcomes.set(suite.name, code === 0 ? `passed in ${seconds} s` : `failed (exit ${code})`)
    if (code !== 0) {
      for (const skipped of line.slice(i + 1)) outcomes.set(skipped.name, 'not run')
      return code
    }
  }
  return 0
}

const started = Date.now()
const codes = await Promise.all(lines.map(runLine))
for (const [name, outcome] of outcomes) console.log(`${name}: ${outcome}`)
console.log(`all tests in ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(codes.find((code) => code !== 0) ?? 0)
