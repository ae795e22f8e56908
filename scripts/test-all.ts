import { spawn } from 'node:child_process'
import { ensureBrowser } from './ensure-browser.ts'
import { ensureProxies } from './ensure-proxies.ts'

// `npm test` after the build: the browser tests in one vitest process and the rest in another,
// side by side, since each runs its files one after another (the API tests share one PostgreSQL,
// the browser tests one machine's screen budget) and two cores can carry one of each. Each line
// is prefixed with its suite; the exit code is the first failure's.

const suites = [
  { name: 'api', args: ['--project', 'unit', '--project', 'build', '--project', 'api'] },
  { name: 'e2e', args: ['--project', 'e2e'] },
]

function run({ name, args }: (typeof suites)[number]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args, ...process.argv.slice(2)], {
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

if (!ensureBrowser() || !ensureProxies()) process.exit(1)

const started = Date.now()
const codes = await Promise.all(suites.map(run))
suites.forEach((suite, i) =>
  console.log(`${suite.name}: ${codes[i] === 0 ? 'passed' : `failed (exit ${codes[i]})`}`),
)
console.log(`all tests in ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(codes.find((code) => code !== 0) ?? 0)
